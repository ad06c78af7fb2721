const preset = require('../../jest.preset.js');

/** The web server in process (supertest, src/) and as a program (test/: spawned from its sources and its bundle). */
module.exports = {
  ...preset,
  displayName: 'web-server',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  testTimeout: 30000,
};
