import { WebPagePaths as P, type WebPagePath } from '@outils/contracts';
import { diagnosticApi } from '../features/diagnostic/api/diagnostic.api';
import { foldersApi } from '../features/folders/api/folders.api';
import { siteApi } from '../features/site/api/site.api';
import { documentsAccessibilityApi } from '../features/tools/api/documents-accessibility.api';
import { TOOL_ROWS_LISTINGS } from '../features/tools/components/tool-rows';
import { toolsApi } from '../features/tools/api/tools.api';
import { versionsApi } from '../features/tools/versions/versions.api';
import { listingSections, readListingUrl } from '../features/tools/utils/tools-query';
import type { AppStore } from './store';

/**
 * The API reads each page rendered by the web server shows a guest (docs/product/rules.md#R830),
 * known from its address before it renders: the web server's renderer (src/entry-server.tsx)
 * awaits them, then renders the page once. A read that depends on another answer (a sheet's
 * related tools, a search's closest tools) follows that answer here. A page that asks during its
 * render for a read missing here is a mistake of this table: the renderer says so and sends the
 * page plain (src/__tests__ check every page).
 *
 * The arguments are the ones the page's components pass (a guest: no session, e-mail `null`), so
 * that RTK Query finds each answer under the key the component looks for.
 */

export interface PageDataContext {
  store: AppStore;
  /** The route's `:name` values, as the router decodes them. */
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  /**
   * Records a read whose answer is the same on every address that shows it (docs/product/rules.md#R840):
   * the renderer keeps it for the next pages of the same catalogue version.
   */
  share?: (key: string) => void;
}

type PageData = (context: PageDataContext) => Promise<unknown>;

/** A read that does not depend on the address: marked for the renderer, then returned as is. */
const shared = <T extends { queryCacheKey: string }>(context: PageDataContext, read: T): T => {
  context.share?.(read.queryCacheKey);
  return read;
};

/** The header and footer of every page: the publisher (app/layouts/root-layout.tsx). */
const layout = (context: PageDataContext) => shared(context, context.store.dispatch(siteApi.endpoints.site.initiate()));
const kits = (context: PageDataContext) => shared(context, context.store.dispatch(foldersApi.endpoints.kits.initiate()));

const home: PageData = (context) =>
  Promise.all([layout(context), shared(context, context.store.dispatch(toolsApi.endpoints.featuredTool.initiate())), kits(context)]);

const library: PageData = async (context) => {
  const { store, search } = context;
  const state = readListingUrl(search);
  const sections = listingSections(state, false);
  const [listing] = await Promise.all([
    store.dispatch(toolsApi.endpoints.tools.initiate({ ...state, onlyFavorites: false })),
    shared(context, store.dispatch(toolsApi.endpoints.filters.initiate())),
    layout(context),
    ...(sections.kits ? [kits(context)] : []),
    ...(sections.rows ? TOOL_ROWS_LISTINGS.map((args) => shared(context, store.dispatch(toolsApi.endpoints.tools.initiate(args)))) : []),
  ]);
  if (listing.data && sections.suggestions(listing.data.tools.length)) await store.dispatch(toolsApi.endpoints.toolSuggestions.initiate(state.q));
};

const sheet: PageData = async (context) => {
  const { store, params } = context;
  const [answer] = await Promise.all([
    store.dispatch(toolsApi.endpoints.toolSheet.initiate({ identifier: params.identifier ?? '', email: null })),
    layout(context),
  ]);
  const toolId = answer.data && 'tool' in answer.data ? answer.data.tool.id : 0;
  if (toolId) {
    await Promise.all([
      store.dispatch(diagnosticApi.endpoints.related.initiate({ toolId, email: null })),
      store.dispatch(versionsApi.endpoints.toolVersions.initiate(toolId)),
    ]);
  }
};

const forYou: PageData = (context) => Promise.all([layout(context), context.store.dispatch(diagnosticApi.endpoints.forYou.initiate(null))]);

/** By route; every page of SERVER_RENDERED_PAGES has its entry (src/__tests__/page-data.spec.ts). */
export const PAGE_DATA: Partial<Record<WebPagePath, PageData>> = {
  [P.home]: home,
  [P.tools]: library,
  [P.forYou]: forYou,
  [P.sheetById]: sheet,
  [P.sheetBySlug]: sheet,
  [P.sheet]: sheet,
  [P.about]: layout,
  [P.cgu]: layout,
  [P.privacy]: layout,
  [P.legalNotice]: layout,
  // docs/product/rules.md#R948: the statement lists the documents that do not conform.
  [P.accessibility]: (context) => Promise.all([layout(context), context.store.dispatch(documentsAccessibilityApi.endpoints.documentsAccessibility.initiate())]),
};

/** Awaits the reads of the page at `path` (one of SERVER_RENDERED_PAGES); nothing for another page. */
export async function loadPageData(path: WebPagePath, context: PageDataContext): Promise<void> {
  await PAGE_DATA[path]?.(context);
}
