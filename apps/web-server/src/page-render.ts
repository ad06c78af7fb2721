import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  isPageRenderer, PAGE_DATA_ELEMENT_ID, PageRenderer, RENDERER_FILE, ROOT_ELEMENT, SERVER_RENDERED_ATTRIBUTE, ServerRenderingConfig,
} from '@outils/contracts';
import { TtlCache } from './ttl-cache';

// The web server's side of the first screen (docs/product/rules.md#R712): the build's renderer
// (dist/apps/web/server/entry-server.mjs, from apps/web/src/entry-server.tsx) turns a guest's page
// into HTML with its data; this module puts it in `#root` of index.html, next to the API answers
// the browser's store starts from. Every failure falls back to the plain page, which the browser
// renders itself as before: no renderer in the build, a page it does not render, the API away, too
// many renders at once.

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

/** Loads the build's renderer module; what it resolves with is checked against the PageRenderer contract. */
export type RendererLoader = (file: string) => Promise<unknown>;

/**
 * The renderer is an ES module of the build, outside this program: imported at run time from its
 * file (a dynamic import, which this CommonJS bundle keeps as Node's own `import()`).
 */
export const importRenderer: RendererLoader = (file) => import(pathToFileURL(file).href);

/**
 * JSON inside `<script type="application/json">`: `<` escaped, so that no text of the data
 * (a tool's description) can close the element.
 */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/**
 * The first screens of the build in `distDir`, rendered with `config` (the API's URL for browsers
 * written in the pages, and `serverApiUrl`, this server's own way to it).
 */
export function pageRenders({ distDir, config, loadRenderer = importRenderer }: { distDir: string; config: ServerRenderingConfig; loadRenderer?: RendererLoader }) {
  const file = join(distDir, RENDERER_FILE);
  let renderer: Promise<PageRenderer | null> | null = null;
  const load = (): Promise<PageRenderer | null> => {
    renderer ??= existsSync(file)
      ? loadRenderer(file).then(
          (module) => {
            if (!isPageRenderer(module)) {
              console.error(`Rendu des pages côté serveur indisponible : ${RENDERER_FILE} n’offre pas configureServerRendering et renderPage.`);
              return null;
            }
            module.configureServerRendering(config);
            return module;
          },
          (error: Error) => {
            console.error(`Rendu des pages côté serveur indisponible : ${error.message}`);
            return null;
          },
        )
      : Promise.resolve(null);
    return renderer;
  };
  // One render per address at a time, kept a second: identical requests share it.
  const kept = new TtlCache<string | null>(KEPT_RENDERS);
  let rendering = 0;

  return {
    /**
     * `#root` filled with the page at `url` (path and query) and its data; `null` when the page is
     * sent plain. The page depends on nothing else the visitor sent (no Host, no cookie).
     */
    get(url: string): Promise<string | null> {
      if (url.length > URL_MAX) return Promise.resolve(null);
      return kept.get(url, async () => {
        // Too many at once: this one is sent plain, and the next request for it renders again.
        if (rendering >= MAX_RENDERS_AT_ONCE) return { value: null, ttl: 0 };
        rendering += 1;
        try {
          const module = await load();
          const page = module ? await module.renderPage(url) : null;
          const root = page
            ? `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${page.html}</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptSafe(page.data)}</script>`
            : null;
          return { value: root, ttl: RENDER_TTL_MS };
        } catch (error) {
          console.error(`Rendu de ${url} impossible, page servie sans : ${(error as Error).message}`);
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
 * @param after  the page from the end of the head block on
 * @param root  `#root` as pageRenders gave it
 */
export function withRoot(after: string, root: string | null): string {
  return root && after.includes(ROOT_ELEMENT) ? after.replace(ROOT_ELEMENT, () => root) : after;
}
