const preset = require('../../jest.preset.js');

/** Web tests: jsdom with Node's fetch (MSW 2 needs it), TSX through SWC, CSS modules as proxies. */
module.exports = {
  ...preset,
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: [''] },
  transform: { '^.+\\.(t|j)sx?$': preset.swcTransform(true), '^.+\\.mjs$': preset.swcTransform(true) },
  // A few of MSW's dependencies ship ESM only.
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@mswjs|@open-draft|outvariant|strict-event-emitter|headers-polyfill)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': '<rootDir>/src/testing/style-stub.cjs',
    '\\.(svg|png|jpg|jpeg|webp)$': '<rootDir>/src/testing/file-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  // Jest's 5 s is too short for a page with charts when the two cores also run other suites:
  // a limit for a stuck test, not a speed target (speed is measured by npm run bench).
  testTimeout: 20000,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/build/**/*.spec.ts'],
};
