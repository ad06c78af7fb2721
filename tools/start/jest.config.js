const preset = require('../../jest.preset.js');

/** `npm start`'s own plumbing (its secret), the docker/ gateway and compose configurations, and how `npm run rehearsal` reads them. */
module.exports = {
  ...preset,
  displayName: 'start',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  moduleFileExtensions: [...preset.moduleFileExtensions, 'mjs'],
  testTimeout: 30000,
};
