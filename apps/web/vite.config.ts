import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appStart } from './build/app-start';

const root = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root,
  // The browser's build, then (`vite build --ssr src/entry-server.tsx`) the web server's renderer of
  // the first screen (docs/product/rules.md#R830) inside it, in server/ (never served).
  plugins: isSsrBuild ? [react()] : [react(), appStart(root)],
  resolve: {
    alias: {
      '@outils/contracts': `${workspace}libs/shared/contracts/src/index.ts`,
      // The renderer's reads of the API (src/app/server-api-reads.ts): the server build's alone.
      '@outils/server-http-client': `${workspace}libs/server/http-client/src/index.ts`,
    },
  },
  build: {
    outDir: isSsrBuild ? `${workspace}dist/apps/web/server` : `${workspace}dist/apps/web`,
    emptyOutDir: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // One style sheet for every page (≈ 12 KB gzip): a page rendered by the server is styled as it
    // first paints, not when its route's code has run (docs/product/rules.md#R830).
    cssCodeSplit: false,
    rolldownOptions: isSsrBuild
      ? // Its text escaped to ASCII and its doc comments left out: the web server holds the renderer's
        // source as long as it runs, in one byte a character then, two with a single ’ left in it
        // (docs/product/rules.md#R893).
        { output: { entryFileNames: '[name].mjs', codeSplitting: false, charset: 'ascii', comments: { legal: true, annotation: true, jsdoc: false } } }
      : // Everything the first screen needs in one file beside the entry, not twenty small ones that a
        // phone fetches over a few connections (docs/product/rules.md#R713); pages stay their own chunks.
        { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
    // Written for the team, named by no script, never served (docs/product/rules.md#R803).
    sourcemap: 'hidden',
    target: 'es2022',
  },
  // One self-contained file for the server: the web image needs no node_modules for it.
  ssr: { noExternal: true },
  server: { port: 4200, strictPort: true },
  preview: { port: 4200, strictPort: true },
}));
