const preset = require('../../../jest.preset.js');
module.exports = { ...preset, displayName: 'contracts', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
