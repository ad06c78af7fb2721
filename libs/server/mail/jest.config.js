const preset = require('../../../jest.preset.js');
module.exports = { ...preset, displayName: 'server-mail', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
