import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  isPageRenderer, PAGE_DATA_ELEMENT_ID, PageReadsWindow, PageRenderer, RENDERER_FILE, ROOT_ELEMENT, SERVER_RENDERED_ATTRIBUTE, ServerRenderingConfig,
} from '@outils/contracts';

// The web server's side of the first screen (docs/product/rules.md#R830): the build's renderer
// (dist/apps/web/server/entry-server.mjs, from apps/web/src/entry-server.tsx) turns a guest's page
// into HTML with its data; this module puts it in `#root` of index.html, next to the API answers
// the browser's store starts from. Every failure falls back to the plain page, which the browser
// renders itself as before: no renderer in the build, a page it does not render, the API away, too
// many renders at once. What it renders is kept by page-responses.ts (#R889).

/**
 * Renders at once beyond which a page is sent plain (docs/product/rules.md#R834): a render mostly
 * waits for the API (its data is fetched before it renders, once), so many can run together; 20
 * visitors at once on new addresses all get their page rendered.
 */
export const MAX_RENDERS_AT_ONCE = 32;
export const URL_MAX = 1_024;

/** Loads the build's renderer module; what it resolves with is checked against the PageRenderer contract. */
export type RendererLoader = (file: string) => Promise<unknown>;

/**
 * The renderer is an ES module of the build, outside this program: imported at run time from its
 * file (a dynamic import, which this CommonJS bundle keeps as Node's own `import()`).
 */
export const importRenderer: RendererLoader = (file) => import(pathToFileURL(file).href);

/**
 * JSON inside `<script type="application/json">`: `<` escaped, so that no text of the data
 * (a tool's description) can close the element. As parts, slices of the JSON around each `<`:
 * never a copy of the whole (docs/product/rules.md#R891).
 */
const scriptSafe = (json: string): string[] => json.split('<').flatMap((slice, i) => (i === 0 ? [slice] : ['\\u003c', slice]));

/** `#root` filled with a rendered page and its data, as the parts the page is written from (docs/product/rules.md#R891). */
export type RootParts = readonly string[];

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
  // One render per address at a time: identical requests share it.
  const running = new Map<string, Promise<RootParts | null>>();

  const render = async (url: string, window: PageReadsWindow | undefined): Promise<RootParts | null> => {
    try {
      const module = await load();
      const page = module ? await module.renderPage(url, window) : null;
      return page
        ? [`<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>`, page.html, `</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`, ...scriptSafe(page.data), '</script>']
        : null;
    } catch (error) {
      console.error(`Rendu de ${url} impossible, page servie sans : ${(error as Error).message}`);
      return null;
    }
  };

  return {
    /**
     * `#root` filled with the page at `url` (path and query) and its data; `null` when the page is
     * sent plain. The page depends on nothing else the visitor sent (no Host, no cookie). Within
     * `window`, the reads every page shares come from the previous renders (docs/product/rules.md#R840).
     */
    get(url: string, window?: PageReadsWindow): Promise<RootParts | null> {
      if (url.length > URL_MAX) return Promise.resolve(null);
      const shared = running.get(url);
      if (shared) return shared;
      // Too many at once: this one is sent plain, and the next request for it renders again.
      if (running.size >= MAX_RENDERS_AT_ONCE) return Promise.resolve(null);
      const rendering = render(url, window).finally(() => running.delete(url));
      running.set(url, rendering);
      return rendering;
    },
  };
}

/**
 * index.html's text after the head, with `#root` filled, as parts (docs/product/rules.md#R891).
 * @param after  the page from the end of the head block on
 * @param root  `#root` as pageRenders gave it
 */
export function withRoot(after: string, root: RootParts | null): string[] {
  const at = root ? after.indexOf(ROOT_ELEMENT) : -1;
  return root && at >= 0 ? [after.slice(0, at), ...root, after.slice(at + ROOT_ELEMENT.length)] : [after];
}
