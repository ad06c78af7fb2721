// `node -r tools/lib/register-ts.cjs apps/api/src/main.ts`: runs a TypeScript entry point from
// its sources, compiled on the fly by SWC (as jest does, decorator metadata included) with the
// workspace aliases of tsconfig.base.json. Tests use it to run the API and the web server as
// processes of their own without depending on a build in dist/; the tools load TypeScript
// (libs/*, the bench's baseline) through it (typescript.mjs).
const fs = require('node:fs');
const Module = /** @type {any} */ (require('node:module'));
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../..');
const { compilerOptions } = require(path.join(root, 'tsconfig.base.json'));
const aliases = new Map(Object.entries(compilerOptions.paths).map(([alias, [target]]) => [alias, path.join(root, target)]));

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWithAliases(/** @type {string} */ request, /** @type {unknown[]} */ ...rest) {
  return resolveFilename.call(this, aliases.get(request) ?? request, ...rest);
};

Module._extensions['.ts'] = function compileTypeScript(/** @type {{ _compile(code: string, filename: string): void }} */ module, /** @type {string} */ filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs', ignoreDynamic: true },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
