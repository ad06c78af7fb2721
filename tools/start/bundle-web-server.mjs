#!/usr/bin/env node
// @ts-check
// Bundles the web server (serve-web.mjs: tools/lib/web-server.mjs with express and compression)
// into one file that runs with Node alone, for the web image (docker/Dockerfile.web): the image
// then holds that file and the web build, no node_modules. Usage:
//   node tools/start/bundle-web-server.mjs <output file>
import { build } from 'esbuild';
import { resolve } from 'node:path';

const out = process.argv[2];
if (!out) {
  console.error('usage: node tools/start/bundle-web-server.mjs <output file>');
  process.exit(2);
}

await build({
  entryPoints: [resolve(import.meta.dirname, 'serve-web.mjs')],
  outfile: resolve(out),
  bundle: true,
  platform: 'node',
  target: 'node26',
  format: 'esm',
  // express and its dependencies are CommonJS and require() Node's modules.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log(`Serveur web assemblé dans ${out}`);
