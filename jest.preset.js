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

/**
 * ESM-only packages (NestJS 12, React Router 8, file-type…) load through jest's own require(esm)
 * (`--experimental-vm-modules`, tools/test/jest.mjs). pdfjs-dist's `.mjs` files are still compiled
 * like our sources, as before that option existed. docs/dependencies.md#pdfjs-dist
 */
const ESM_PACKAGES = ['pdfjs-dist'];

module.exports = {
  moduleNameMapper,
  transform: { '^.+\\.(t|j)s$': swcTransform(false), '^.+\\.mjs$': swcTransform(false) },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.map((name) => name.replace('/', '\\/')).join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testEnvironment: 'node',
};

// Not a jest option: web projects use it to build their TSX transform.
Object.defineProperty(module.exports, 'swcTransform', { value: swcTransform, enumerable: false });
