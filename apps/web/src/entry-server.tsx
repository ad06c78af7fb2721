import { setAutoFreeze } from 'immer';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import {
  isServerRenderedPage, WebPagePaths, type PageReadsWindow, type PageRenderer, type RenderedPage, type ServerRenderingConfig, type WebPagePath,
} from '@outils/contracts';
import { loadPageData } from './app/page-data';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { keepSharedReads, reuseSharedReads } from './app/shared-reads';
import { serverGet } from './app/server-api-reads';
import { createStore, RootState } from './app/store';
import { api, setServerGet } from './lib/api';

/**
 * The web server's side of the first screen (docs/product/rules.md#R830): the page a guest asks
 * for, rendered to HTML with its data, so that a phone paints it before any script has run and a
 * crawler reads it whole. Built by `vite build --ssr` into dist/apps/web/server/ and loaded by
 * the web server (apps/web-server) through the PageRenderer interface of the shared contracts;
 * the browser then takes the page over (src/main.tsx).
 */

/**
 * A render's store lives for one page and is never changed by anything but its own reads: Immer's
 * deep freezing of every answer (a development guard against mutation, which the browser's store
 * keeps) is work thrown away here. This module only runs on the server.
 */
setAutoFreeze(false);

/** The route table's handler, made once: it ranks the routes and keeps the lazy pages it has loaded. */
const handler = createStaticHandler(routes);

/** Where the server's renders reach the API; set once by the web server (docs/product/rules.md#R830). */
export function configureServerRendering(config: ServerRenderingConfig): void {
  globalThis.__OUTILS_CONFIG__ = { ...config };
  // The page's reads over kept-open connections, without fetch's streams (docs/product/rules.md#R846).
  setServerGet(serverGet);
}

/**
 * Renders the page at `pathAndQuery` (`/toolspage?q=cyber`) as a guest sees it on arrival. `null`
 * when the page is not one the server renders, when the router answers with a redirect, or when
 * the API failed (then the browser renders the page itself, as it would without this server).
 * Within `window` (docs/product/rules.md#R840), the reads every page shares are taken from the
 * previous renders instead of the API.
 */
export async function renderPage(pathAndQuery: string, window?: PageReadsWindow): Promise<RenderedPage | null> {
  // The origin is only there to make a URL: nothing of the page depends on it.
  const url = new URL(pathAndQuery, 'http://localhost');
  if (!isServerRenderedPage(url.pathname)) return null;
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  // The page's data first, known from its route (app/page-data.ts), then one render.
  const leaf = context.matches[context.matches.length - 1];
  const path = (leaf.route.index ? WebPagePaths.home : leaf.route.path) as WebPagePath;
  const store = createStore();
  reuseSharedReads(store, window);
  const shared = new Set<string>();
  await loadPageData(path, { store, params: leaf.params, search: url.searchParams, share: (key) => shared.add(key) });
  keepSharedReads(store, shared, window);
  // The answers as they stand before the render: a render may ask again for a 4xx (RTK Query asks
  // again for an answer it never had), which the page already shows as it should.
  const answers = apiAnswers(store.getState());
  const known = new Set(Object.keys(store.getState()[api.reducerPath].queries));
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const asked = store.dispatch(api.util.getRunningQueriesThunk());
  for (const query of asked) query.abort();
  const missing = asked.filter((query) => !known.has(query.queryCacheKey)).map((query) => query.queryCacheKey);
  const data = answers && missing.length === 0 ? JSON.stringify(answers) : null;
  // RTK Query set a removal timer for each answer put in the store (keepUnusedDataFor: up to a day for
  // the publisher), and each timer kept this render's whole store alive that long: the web server's
  // memory grew with every new address (docs/product/rules.md#R849). The reset clears them.
  store.dispatch(api.util.resetApiState());
  if (missing.length > 0) {
    // A read the page needs and app/page-data.ts does not list: the page would show a spinner.
    console.error(`Rendu de ${pathAndQuery} : lectures absentes de page-data.ts (${missing.join(', ')}), page servie sans.`);
    return null;
  }
  return data ? { html: withoutHoistedTags(html), data } : null;
}

// The web server calls these two through the shared interface: a change of signature fails here.
const _renderer: PageRenderer = { configureServerRendering, renderPage };

/**
 * The fulfilled answers and the 4xx ones (a tool that does not exist is a page: 'page introuvable');
 * `null` when a call failed otherwise (the API away, a 5xx): that page is better rendered by the browser.
 */
function apiAnswers(state: RootState) {
  const { queries, provided } = state[api.reducerPath];
  for (const entry of Object.values(queries)) {
    const status = entry?.status === 'rejected' ? (entry.error as { status?: unknown } | undefined)?.status : undefined;
    if (entry?.status === 'rejected' && !(typeof status === 'number' && status >= 400 && status < 500)) return null;
  }
  return { queries, mutations: {}, provided };
}

/**
 * React puts the `<title>`, `<meta>` and preload `<link>`s a page renders at the start of its
 * output, for a document's `<head>`. The web server writes the page's head itself (the API's tags,
 * docs/product/rules.md#R400, #R421), and the browser's React inserts its own once it runs: they are
 * left out of `#root`, where they would not belong.
 */
export function withoutHoistedTags(html: string): string {
  // One pass from the start (sticky), one cut: the page's 50 KB are not copied once per tag.
  const hoisted = /(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*\/?>)/y;
  let end = 0;
  while (hoisted.exec(html)) end = hoisted.lastIndex;
  return end === 0 ? html : html.slice(end);
}
