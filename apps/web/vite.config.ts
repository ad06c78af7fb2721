import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreloads } from './build/route-preloads';

const root = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), routePreloads(root)],
  resolve: {
    alias: { '@outils/contracts': `${workspace}libs/shared/contracts/src/index.ts` },
  },
  build: {
    outDir: `${workspace}dist/apps/web`,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: { port: 4200, strictPort: true },
  preview: { port: 4200, strictPort: true },
});
