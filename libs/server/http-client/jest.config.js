const preset = require('../../../jest.preset.js');
module.exports = { ...preset, displayName: 'server-http-client', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
