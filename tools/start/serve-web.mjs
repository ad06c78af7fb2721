#!/usr/bin/env node
// @ts-check
// Serves the production build of the web app (dist/apps/web) for `npm start` and the browser
// journeys: the server of tools/lib/web-server.mjs (/config.js from the environment, cached
// hashed assets, SPA fallback, gzip, security headers) on WEB_HOST:WEB_PORT.
// Environment: WEB_DIST_DIR (dist/apps/web), WEB_PORT (4200), WEB_HOST (0.0.0.0), TRUST_PROXY,
// and the runtime configuration API_URL / API_PORT, ANALYTICS_SCRIPT_URL, PRODUCTION_HOST.
import { resolve } from 'node:path';
import { runtimeConfig, serveWeb } from '../lib/web-server.mjs';

const root = resolve(import.meta.dirname, '../..');
const distDir = resolve(root, process.env.WEB_DIST_DIR ?? 'dist/apps/web');
const port = Number(process.env.WEB_PORT ?? 4200);
const host = process.env.WEB_HOST ?? '0.0.0.0';

try {
  const server = await serveWeb({ distDir, config: runtimeConfig(), port, host, trustProxy: process.env.TRUST_PROXY });
  console.log(`Site servi sur http://localhost:${port} depuis ${distDir}`);
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  const message = /** @type {Error} */ (error).message;
  console.error(/^Pas de build/.test(message) ? message : `Le serveur web ne peut pas écouter sur le port ${port} : ${message}`);
  process.exit(1);
}
