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
 * ESM-only packages (file-type since its version 17, and the parsers it imports): jest runs
 * CommonJS, so they are compiled like our sources instead of being skipped as node_modules, and
 * `file-type` is mapped to its Node entry (its package exports name no `require` condition).
 * pdfjs-dist ships `.mjs` files, compiled the same way. docs/dependencies.md#file-type, #pdfjs-dist
 */
const ESM_PACKAGES = ['pdfjs-dist', 'file-type', 'strtok3', 'token-types', 'uint8array-extras', '@tokenizer/inflate', '@borewit/text-codec'];

module.exports = {
  moduleNameMapper: { ...moduleNameMapper, '^file-type$': path.join(__dirname, 'node_modules/file-type/index.js') },
  transform: { '^.+\\.(t|j)s$': swcTransform(false), '^.+\\.mjs$': swcTransform(false) },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.map((name) => name.replace('/', '\\/')).join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testEnvironment: 'node',
};

// Not a jest option: web projects use it to build their TSX transform.
Object.defineProperty(module.exports, 'swcTransform', { value: swcTransform, enumerable: false });
