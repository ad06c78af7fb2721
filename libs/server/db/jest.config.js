const preset = require('../../../jest.preset.js');
// Real PostgreSQL and real files (the seed's PDFs, their preview PNGs decoded in the test): 5 s is
// too short for a test that reads them while the machine runs other suites.
module.exports = { ...preset, displayName: 'server-db', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'], testTimeout: 30_000 };
