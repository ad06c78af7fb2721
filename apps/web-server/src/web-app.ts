import { existsSync, readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { join } from 'node:path';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type Response } from 'express';
import { ApiRoutes, OpenCatalogue, PARTNER_EMBED_SCRIPT, RENDERER_FILE } from '@outils/contracts';
import type { WebServerConfig } from '@outils/server-config/web-server';
import { catalogueVersions, type CatalogueVersionSource } from './catalogue-version';
import { embedScript } from './embed-script';
import { apiDocuments, pageHeads, splitIndexHtml } from './page-head';
import { pageRenders, type RendererLoader } from './page-render';
import { DEFAULT_PAGE_SETTINGS, pageResponses, type TrustProxy } from './page-responses';
import { pageStatuses } from './page-status';
import { securityHeaders } from './security-headers';

/** What the app needs of the configuration (the whole WebServerConfig, or a test's part of it). */
export type WebAppConfig = Pick<WebServerConfig, 'distDir' | 'runtime' | 'apiInternalUrl'> & { http: Pick<WebServerConfig['http'], 'trustProxy'>; pages?: WebServerConfig['pages'] };

/** What a test may give the app instead of the real thing. */
export interface WebAppOptions {
  loadRenderer?: RendererLoader;
  /** The catalogue's version; by default asked of the API every second (docs/product/rules.md#R831). */
  versions?: CatalogueVersionSource;
}

/** The app, and what it keeps (docs/product/rules.md#R889). */
export type WebApp = Express & {
  keptPages: ReturnType<typeof pageResponses>['stats'];
  /** Answers a request with a kept page before Express sees it; false when there is none. */
  fromKept: ReturnType<typeof pageResponses>['fromKept'];
};

export class MissingWebBuildError extends Error {}

/**
 * The web server of the web app's production build (docs/architecture.md#web-server):
 * - /config.js from the runtime configuration (API_URL, ANALYTICS_SCRIPT_URL, PRODUCTION_HOST),
 *   so that one build serves every environment;
 * - /assets/* (hashed by Vite) cached for a year, index.html never cached, no source map
 *   (docs/product/rules.md#R803), gzip everywhere (#R724);
 * - browser security headers on every answer (security-headers.ts, #R187);
 * - each page's index.html with its own <head> tags from the API (page-head.ts, #R400) and its
 *   status from the app's route table (page-status.ts, #R800); /sitemap.xml and /robots.txt from
 *   the API (#R402, #R403);
 * - a guest's first screen rendered with its data by the build's renderer (page-render.ts, #R830),
 *   kept compressed until the catalogue changes (page-responses.ts, #R889), answered before any
 *   other work of this server.
 */
export function createWebApp(config: WebAppConfig, { loadRenderer, versions }: WebAppOptions = {}): WebApp {
  const { distDir, runtime, apiInternalUrl } = config;
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new MissingWebBuildError(`Pas de build du site dans ${distDir} : lancez « npx nx run web:build ».`);
  const configJs = `window.__OUTILS_CONFIG__ = ${JSON.stringify(runtime)};\n`;
  const index = splitIndexHtml(readFileSync(indexFile, 'utf8'));
  const heads = pageHeads(apiInternalUrl);
  const statuses = pageStatuses(apiInternalUrl);
  const documents = apiDocuments(apiInternalUrl);
  const renders = pageRenders({ distDir, config: { ...runtime, serverApiUrl: apiInternalUrl }, loadRenderer });
  const pages = pageResponses({
    index, heads, statuses, renders, versions: versions ?? catalogueVersions(apiInternalUrl), settings: config.pages ?? DEFAULT_PAGE_SETTINGS,
    trust: () => app.get('trust proxy fn') as TrustProxy,
  });

  const app = express();
  app.disable('x-powered-by');
  // Behind a TLS-terminating proxy, X-Forwarded-Proto says whether the page came over HTTPS.
  app.set('trust proxy', config.http.trustProxy);
  // A kept page carries the headers below with it: it goes out before they run again.
  app.use(pages.kept);
  app.use(securityHeaders(runtime));
  app.use(compression());

  const noCache = (res: Response) => res.setHeader('Cache-Control', 'no-cache');
  const notFound = (res: Response) => res.status(404).type('text/plain').send('Introuvable');

  // docs/product/rules.md#R994: the partners' embed, loaded by other sites' pages.
  const embedJs = embedScript(runtime.apiUrl);
  app.get(PARTNER_EMBED_SCRIPT, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.type('application/javascript').send(embedJs);
  });

  app.get('/config.js', (_req, res) => {
    noCache(res);
    res.type('application/javascript').send(configJs);
  });

  // /flux.xml: the Atom feed of new tools and versions (docs/product/rules.md#R920).
  const relayed = [
    ['/sitemap.xml', '/api/seo/sitemap.xml'], ['/robots.txt', '/api/seo/robots.txt'], ['/flux.xml', '/api/seo/flux.xml'], [OpenCatalogue.webPath, ApiRoutes.openCatalogue],
    [OpenCatalogue.turtlePath, ApiRoutes.openCatalogueTurtle],
  ] as const;
  for (const [path, apiPath] of relayed) {
    app.get(path, async (req, res) => {
      const page = typeof req.query.page === 'string' ? req.query.page : null;
      const doc = await documents.get(apiPath, page);
      res.status(doc.status).type(doc.type).setHeader('Cache-Control', 'public, max-age=300');
      // The open catalogue is for any site and any harvester (docs/product/rules.md#R992).
      if (path === OpenCatalogue.webPath || path === OpenCatalogue.turtlePath) res.setHeader('Access-Control-Allow-Origin', '*');
      res.send(doc.body);
    });
  }

  // The raw file holds the default head and an empty #root: every page goes through the fallback below.
  app.get('/index.html', (_req, res) => res.redirect(301, '/'));
  // The renderer is the server's own code, not the site's; source maps are the team's (R803).
  app.use(`/${RENDERER_FILE.split('/')[0]}`, (_req, res) => notFound(res));
  app.use((req, res, next) => (/\.map$/i.test(req.path) ? notFound(res) : next()));

  app.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
  app.use(express.static(distDir, {
    index: false,
    setHeaders: (res, path) => {
      if (path.endsWith('.html')) noCache(res);
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  }));

  // Every other GET is a page: index.html with that page's head tags, its status (404 with the
  // app's page for a path of no page or a sheet of no tool, R800) and, for a guest's public
  // page, its first screen.
  app.use(pages.page);

  // A missing asset is a plain 404 (not index.html: a browser would try to run HTML as a script).
  const errors: ErrorRequestHandler = (error: { status?: number; statusCode?: number }, _req, res, _next) => {
    const status = error.status ?? error.statusCode ?? 500;
    if (status >= 500) console.error(error);
    res.status(status).type('text/plain').send(status === 404 ? 'Introuvable' : 'Erreur du serveur');
  };
  app.use(errors);
  return Object.assign(app, { keptPages: pages.stats, fromKept: pages.fromKept });
}

/**
 * Serves the app on host:port; resolves with the listening server. A kept page is answered by
 * node:http itself, before Express's own work per request (docs/product/rules.md#R889).
 */
export function listen(app: Express | WebApp, port: number, host: string): Promise<Server> {
  const fromKept = 'fromKept' in app ? app.fromKept : null;
  const handler: RequestListener = fromKept ? (req, res) => void (fromKept(req, res) || app(req, res)) : app;
  return new Promise((resolveServer, reject) => {
    const server = createServer(handler);
    server.once('error', reject);
    server.listen(port, host, () => resolveServer(server));
  });
}
