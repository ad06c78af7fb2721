const preset = require('../../jest.preset.js');

/** Browser journeys in Debian's Chromium against the whole stack, started once for the run. */
module.exports = {
  ...preset,
  displayName: 'web-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  testTimeout: 90000,
};
