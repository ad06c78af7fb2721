// @ts-check
// The web server's side of the first screen (docs/product/rules.md#R712): the build's renderer
// (dist/apps/web/server/entry-server.mjs, from apps/web/src/entry-server.tsx) turns a guest's page
// into HTML with its data; this module puts it in `#root` of index.html, next to the API answers
// the browser's store starts from. Every failure falls back to the plain page, which the browser
// renders itself as before: no renderer in the build, a page it does not render, the API away, too
// many renders at once.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TtlCache } from './page-head.mjs';

/** Where `vite build --ssr` writes the renderer inside the web build. */
export const RENDERER_FILE = 'server/entry-server.mjs';

/**
 * Renders at once beyond which a page is sent plain: each render takes a few tens of milliseconds
 * of this process's one thread, and a burst of new addresses (every search is one) must not queue
 * every visitor behind it.
 */
const MAX_RENDERS_AT_ONCE = 4;
const URL_MAX = 1_024;
/**
 * A page rendered is sent again for a second: a burst on one address (the home page, the library)
 * costs one render, and a guest never sees what changed more than a second ago as the page
 * arrives (the app refreshes the library by itself when its answer is older than 5 s).
 */
const RENDER_TTL_MS = 1_000;
/** Kept renders, each some tens of KB. */
const KEPT_RENDERS = 100;

/** The markers of apps/web/index.html and apps/web/src/app/server-rendering.ts. */
const ROOT_ELEMENT = '<div id="root"></div>';
const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
const PAGE_DATA_ELEMENT_ID = 'outils-page-data';

/**
 * JSON inside `<script type="application/json">`: `<` escaped, so that no text of the data
 * (a tool's description) can close the element.
 * @param {string} json
 */
const scriptSafe = (json) => json.replace(/</g, '\\u003c');

/**
 * The first screens of the build in `distDir`, rendered with the API at `apiUrl` (what browsers
 * use, written in the pages) reached at `serverApiUrl` (this server's own way to it).
 * @param {{ distDir: string, config: { apiUrl: string, analyticsScriptUrl: string | null, productionHost: string | null }, serverApiUrl: string }} options
 */
export function pageRenders({ distDir, config, serverApiUrl }) {
  const file = join(distDir, RENDERER_FILE);
  /** @type {Promise<{ renderPage: (pathAndQuery: string) => Promise<{ html: string, data: string } | null> } | null> | null} */
  let renderer = null;
  const load = () => {
    renderer ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module) => {
            module.configureServerRendering({ ...config, serverApiUrl });
            return module;
          },
          (error) => {
            console.error(`Rendu des pages côté serveur indisponible : ${error.message}`);
            return null;
          },
        )
      : Promise.resolve(null);
    return renderer;
  };
  /** @type {TtlCache<string | null>} One render per address at a time, kept a second: identical requests share it. */
  const kept = new TtlCache(KEPT_RENDERS);
  let rendering = 0;

  return {
    /**
     * `#root` filled with the page at `url` (path and query) and its data; `null` when the page is
     * sent plain. The page depends on nothing else the visitor sent (no Host, no cookie).
     * @param {string} url
     * @returns {Promise<string | null>}
     */
    get(url) {
      if (url.length > URL_MAX) return Promise.resolve(null);
      return kept.get(url, async () => {
        // Too many at once: this one is sent plain, and the next request for it renders again.
        if (rendering >= MAX_RENDERS_AT_ONCE) return { value: null, ttl: 0 };
        rendering += 1;
        try {
          const module = await load();
          const page = module ? await module.renderPage(url) : null;
          return { value: page ? `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${page.html}</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptSafe(page.data)}</script>` : null, ttl: RENDER_TTL_MS };
        } catch (error) {
          console.error(`Rendu de ${url} impossible, page servie sans : ${/** @type {Error} */ (error).message}`);
          return { value: null, ttl: RENDER_TTL_MS };
        } finally {
          rendering -= 1;
        }
      });
    },
  };
}

/**
 * index.html's text after the head, with `#root` filled.
 * @param {string} after  the page from the end of the head block on
 * @param {string | null} root  `#root` as pageRenders gave it
 */
export function withRoot(after, root) {
  return root && after.includes(ROOT_ELEMENT) ? after.replace(ROOT_ELEMENT, () => root) : after;
}
