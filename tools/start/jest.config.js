const preset = require('../../jest.preset.js');

/** The web server of `npm start` and the docker/ web and gateway configurations, from outside. */
module.exports = {
  ...preset,
  displayName: 'start',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  testTimeout: 30000,
};
