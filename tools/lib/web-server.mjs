// @ts-check
// The static web server of the web app's production build, used by `npm start`
// (tools/start/serve-web.mjs), the browser journeys (apps/web-e2e, through serve-web.mjs) and
// the bench (in process):
// - /config.js generated from the runtime configuration (API_URL, ANALYTICS_SCRIPT_URL,
//   PRODUCTION_HOST), so one build serves every environment;
// - /assets/* (hashed by Vite) cached for a year, index.html never cached;
// - any other path without a file answers index.html (client-side routes), gzip everywhere;
// - browser security headers on every answer (security-headers.mjs: CSP allowing the site,
//   the API origin and the analytics origin only; HSTS when served over HTTPS);
// - previews without JavaScript: each page's index.html carries the page's own <head> tags
//   (title, description, canonical, Open Graph, Twitter, JSON-LD) from the API, cached
//   (page-head.mjs, docs/product/rules.md#R400); /sitemap.xml and /robots.txt from the API (#R402, #R403);
// - a sheet naming no tool answers 404 with the app's page (#R701);
// - a guest's first screen rendered here with its data (page-render.mjs, #R712): the page paints
//   before any script runs, then the app takes it over.
// The web image runs this same server, bundled into one file (docker/Dockerfile.web).
import compression from 'compression';
import express from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiDocuments, pageHeads, pageStatuses, splitIndexHtml } from './page-head.mjs';
import { pageRenders, RENDERER_FILE, withRoot } from './page-render.mjs';
import { securityHeaders, trustProxySetting } from './security-headers.mjs';

/**
 * @typedef {object} RuntimeConfig  what /config.js gives the web app (window.__OUTILS_CONFIG__)
 * @property {string} apiUrl
 * @property {string | null} analyticsScriptUrl
 * @property {string | null} productionHost
 * @property {string} [apiInternalUrl]  where this server itself reaches the API (API_INTERNAL_URL; apiUrl by default); not sent to browsers
 */

/** The runtime configuration read from the environment. @param {NodeJS.ProcessEnv} [env] @returns {RuntimeConfig} */
export function runtimeConfig(env = process.env) {
  const orNull = (/** @type {string | undefined} */ value) => (value && value.trim() ? value.trim() : null);
  return {
    apiUrl: (env.API_URL ?? `http://localhost:${env.API_PORT ?? 3000}`).replace(/\/$/, ''),
    analyticsScriptUrl: orNull(env.ANALYTICS_SCRIPT_URL),
    productionHost: orNull(env.PRODUCTION_HOST),
    ...(orNull(env.API_INTERNAL_URL) ? { apiInternalUrl: /** @type {string} */ (orNull(env.API_INTERNAL_URL)).replace(/\/$/, '') } : {}),
  };
}

/**
 * The Express app serving `distDir` with `config`.
 * @param {{ distDir: string, config: RuntimeConfig, trustProxy?: string }} options
 */
export function webApp({ distDir, config, trustProxy }) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`Pas de build du site dans ${distDir} : lancez « npx nx run web:build ».`);
  const { apiInternalUrl, ...publicConfig } = config;
  const configJs = `window.__OUTILS_CONFIG__ = ${JSON.stringify(publicConfig)};\n`;
  const api = apiInternalUrl ?? config.apiUrl;
  const index = splitIndexHtml(readFileSync(indexFile, 'utf8'));
  const heads = pageHeads(api);
  const statuses = pageStatuses(api);
  const documents = apiDocuments(api);
  const renders = pageRenders({ distDir, config: publicConfig, serverApiUrl: api });

  const app = express();
  app.disable('x-powered-by');
  // Behind a TLS-terminating proxy, X-Forwarded-Proto says whether the page came over HTTPS.
  app.set('trust proxy', trustProxySetting(trustProxy));
  app.use(securityHeaders(config));
  // Every text answer compressed (docs/product/rules.md#R420), the page itself included.
  app.use(compression());

  const noCache = (/** @type {import('express').Response} */ res) => res.setHeader('Cache-Control', 'no-cache');

  app.get('/config.js', (_req, res) => {
    noCache(res);
    res.type('application/javascript').send(configJs);
  });

  // docs/product/rules.md#R402, #R403: the API writes them with the site's public origin.
  for (const [path, apiPath] of /** @type {const} */ ([['/sitemap.xml', '/api/seo/sitemap.xml'], ['/robots.txt', '/api/seo/robots.txt']])) {
    app.get(path, async (req, res) => {
      const page = typeof req.query.page === 'string' ? req.query.page : null;
      const doc = await documents.get(apiPath, page);
      res.status(doc.status).type(doc.type).setHeader('Cache-Control', 'public, max-age=300');
      res.send(doc.body);
    });
  }

  // The raw file holds the default head and an empty #root: every page goes through the fallback below.
  app.get('/index.html', (_req, res) => res.redirect(301, '/'));

  // The renderer is the server's own code, not the site's.
  app.use(`/${RENDERER_FILE.split('/')[0]}`, (_req, res) => res.status(404).type('text/plain').send('Introuvable'));

  app.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));

  app.use(express.static(distDir, {
    index: false,
    setHeaders: (res, path) => {
      if (path.endsWith('.html')) noCache(res);
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  }));

  // SPA fallback: a GET for a page (not a file) gets index.html with that page's head tags; the
  // router shows the page or its 404. A sheet naming no tool is answered 404 with the same page
  // (docs/product/rules.md#R701), so that search engines drop it while people read the app's 404.
  app.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const [head, status, root] = await Promise.all([
      heads.get(req.path, index.defaults),
      statuses.get(req.path),
      req.method === 'GET' ? renders.get(req.originalUrl) : null,
    ]);
    noCache(res);
    res.status(status).type('html').send(index.before + head + withRoot(index.after, root));
  });

  // A missing asset is a plain 404 (not index.html: a browser would try to run HTML as a script).
  app.use((/** @type {{ status?: number, statusCode?: number }} */ error, /** @type {import('express').Request} */ _req, /** @type {import('express').Response} */ res, /** @type {import('express').NextFunction} */ _next) => {
    const status = error.status ?? error.statusCode ?? 500;
    if (status >= 500) console.error(error);
    res.status(status).type('text/plain').send(status === 404 ? 'Introuvable' : 'Erreur du serveur');
  });
  return app;
}

/**
 * Serves `distDir` on host:port; resolves with the listening server.
 * @param {{ distDir: string, config: RuntimeConfig, port: number, host?: string, trustProxy?: string }} options
 * @returns {Promise<import('node:http').Server>}
 */
export function serveWeb({ distDir, config, port, host = '127.0.0.1', trustProxy }) {
  const app = webApp({ distDir, config, trustProxy });
  return new Promise((resolveServer, reject) => {
    const server = app.listen(port, host, () => resolveServer(server));
    server.once('error', reject);
  });
}
