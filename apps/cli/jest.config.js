const preset = require('../../jest.preset.js');
module.exports = {
  ...preset,
  displayName: 'cli',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
