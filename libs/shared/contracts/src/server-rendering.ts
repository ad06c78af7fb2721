/**
 * The contract between the web build and the web server (docs/product/rules.md#R400, #R830): the
 * markers of `index.html`, where the build puts its renderer, and the renderer's interface. The web
 * app (`apps/web/src/entry-server.tsx`, `main.tsx`) and the web server (`apps/web-server`) both
 * import them from here.
 */

/** The block of `index.html` holding the default head tags, which the web server replaces by the page's own (R400). */
export const HEAD_BLOCK_START = '<!-- outils:head -->';
export const HEAD_BLOCK_END = '<!-- /outils:head -->';

/** `#root` as `index.html` has it: empty until the web server fills it with a rendered page. */
export const ROOT_ELEMENT = '<div id="root"></div>';
/** On `#root` when it holds a page the server rendered. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
/** The JSON block (not a script that runs: the CSP stays `script-src 'self'`) holding the API answers the page was rendered with. */
export const PAGE_DATA_ELEMENT_ID = 'outils-page-data';

/** Where `vite build --ssr` writes the renderer inside the web build; never served. */
export const RENDERER_FILE = 'server/entry-server.mjs';

/** What `/config.js` gives the browser (`window.__OUTILS_CONFIG__`): one build serves every environment. */
export interface WebRuntimeConfig {
  apiUrl: string;
  analyticsScriptUrl: string | null;
  productionHost: string | null;
}

/** The renderer's settings: the browser's, and where the web server itself reaches the API. */
export interface ServerRenderingConfig extends WebRuntimeConfig {
  serverApiUrl: string;
}

/** What the web server puts in the page: the HTML of `#root` and the API answers it was made from. */
export interface RenderedPage {
  html: string;
  /** The RTK Query state the browser's store starts from (JSON), so that its first render is the same. */
  data: string;
}

/** The module the build writes at RENDERER_FILE: what the web server calls. */
export interface PageRenderer {
  /** Called once, before any render. */
  configureServerRendering(config: ServerRenderingConfig): void;
  /**
   * The page at `pathAndQuery` (`/toolspage?q=cyber`) as a guest sees it on arrival; `null` when
   * the browser should render it itself.
   */
  renderPage(pathAndQuery: string, window?: PageReadsWindow): Promise<RenderedPage | null>;
}

/**
 * While the answers every page shares (the publisher, the filters, the kits…) may be reused from
 * one render to the next (docs/product/rules.md#R840): the catalogue version they were read under,
 * and the time (ms since 1970) after which they are read again. Without it, every read is asked.
 */
export interface PageReadsWindow {
  version: string;
  until: number;
}

/** True when a loaded module is a renderer (a build made before this contract, or a broken one, is not). */
export function isPageRenderer(value: unknown): value is PageRenderer {
  const module = value as Partial<Record<keyof PageRenderer, unknown>> | null;
  return typeof module === 'object' && module !== null && typeof module.configureServerRendering === 'function' && typeof module.renderPage === 'function';
}

/** What `GET /api/seo/catalogue-version` answers (docs/product/rules.md#R831). */
export interface CatalogueVersionResponse {
  /** Changes with every change of the published catalogue; `null` while the API cannot say (its copy is being built, or it lost the change notifications). */
  version: string | null;
}
