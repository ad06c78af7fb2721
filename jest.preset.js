// Shared jest settings: TypeScript through SWC (fast on two cores, keeps decorator
// metadata for NestJS) and the workspace path aliases of tsconfig.base.json.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace('/', '\\/')}$`,
    path.join(__dirname, target),
  ]),
);

const swcTransform = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: !tsx, tsx },
      transform: tsx
        ? { react: { runtime: 'automatic' } }
        : { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

module.exports = {
  moduleNameMapper,
  transform: { '^.+\\.(t|j)s$': swcTransform(false) },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testEnvironment: 'node',
};

// Not a jest option: web projects use it to build their TSX transform.
Object.defineProperty(module.exports, 'swcTransform', { value: swcTransform, enumerable: false });
