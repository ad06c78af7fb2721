// @ts-check
// TypeScript from the tools' plain scripts: the workspace's libraries (`@outils/*`) and the few
// sources the bench must share with the API (its listing builder and mapper) are loaded from
// their sources, compiled on the fly by SWC with the aliases of tsconfig.base.json
// (register-ts.cjs), instead of being copied into tools/. Types come with a JSDoc import:
//   /** @type {typeof import('../../libs/shared/contracts/src/index.js')} */
//   const contracts = requireTs('@outils/contracts');
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
require('./register-ts.cjs');

/**
 * A TypeScript module (CommonJS once compiled): a workspace alias (`@outils/contracts`), an
 * absolute path, or a file URL (`new URL('./x.ts', import.meta.url)`).
 * @param {string | URL} specifier
 * @returns {unknown}
 */
export function requireTs(specifier) {
  return require(specifier instanceof URL ? fileURLToPath(specifier) : specifier);
}
