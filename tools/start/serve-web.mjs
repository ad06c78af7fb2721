#!/usr/bin/env node
// Serves the production build of the web app (dist/apps/web) for `npm start`:
// - /config.js generated from the environment (API_URL, ANALYTICS_SCRIPT_URL, PRODUCTION_HOST),
//   so one build serves every environment;
// - /assets/* (hashed by Vite) cached for a year, index.html never cached;
// - any other path without a file answers index.html (client-side routes), gzip everywhere;
// - browser security headers on every answer (lib/security-headers.mjs: CSP allowing the site,
//   the API origin and the analytics origin only; HSTS when served over HTTPS).
// Production uses nginx instead (docker/Dockerfile.web, docker/nginx.conf), with the same rules.
import compression from 'compression';
import express from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { securityHeaders, trustProxySetting } from './lib/security-headers.mjs';

const root = resolve(import.meta.dirname, '../..');
const distDir = resolve(root, process.env.WEB_DIST_DIR ?? 'dist/apps/web');
const port = Number(process.env.WEB_PORT ?? 4200);
const host = process.env.WEB_HOST ?? '0.0.0.0';
const indexFile = join(distDir, 'index.html');

if (!existsSync(indexFile)) {
  console.error(`Pas de build du site dans ${distDir} : lancez « npx nx run web:build ».`);
  process.exit(1);
}

export function runtimeConfig(env = process.env) {
  const orNull = (value) => (value && value.trim() ? value.trim() : null);
  return {
    apiUrl: (env.API_URL ?? `http://localhost:${env.API_PORT ?? 3000}`).replace(/\/$/, ''),
    analyticsScriptUrl: orNull(env.ANALYTICS_SCRIPT_URL),
    productionHost: orNull(env.PRODUCTION_HOST),
  };
}
const configJs = `window.__OUTILS_CONFIG__ = ${JSON.stringify(runtimeConfig())};\n`;

const app = express();
app.disable('x-powered-by');
// Behind a TLS-terminating proxy, X-Forwarded-Proto says whether the page came over HTTPS.
app.set('trust proxy', trustProxySetting(process.env.TRUST_PROXY));
app.use(securityHeaders(runtimeConfig()));
app.use(compression());

const noCache = (res) => res.setHeader('Cache-Control', 'no-cache');

app.get('/config.js', (_req, res) => {
  noCache(res);
  res.type('application/javascript').send(configJs);
});

app.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));

app.use(express.static(distDir, {
  index: false,
  setHeaders: (res, path) => {
    if (path.endsWith('.html')) noCache(res);
    else res.setHeader('Cache-Control', 'public, max-age=3600');
  },
}));

// SPA fallback: a GET for a page (not a file) gets index.html; the router shows the page or its 404.
app.use((req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  noCache(res);
  res.sendFile(indexFile);
});

// A missing asset is a plain 404 (not index.html: a browser would try to run HTML as a script).
app.use((error, _req, res, _next) => {
  const status = error.status ?? error.statusCode ?? 500;
  if (status >= 500) console.error(error);
  res.status(status).type('text/plain').send(status === 404 ? 'Introuvable' : 'Erreur du serveur');
});

const server = app.listen(port, host, () => console.log(`Site servi sur http://localhost:${port} depuis ${distDir}`));
server.on('error', (error) => {
  console.error(`Le serveur web ne peut pas écouter sur le port ${port} : ${error.message}`);
  process.exit(1);
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
