/**
 * Pages the web server renders for guests (docs/product/rules.md#R712), and how it hands them to
 * the browser: `#root` carries SERVER_RENDERED_ATTRIBUTE, and a JSON block (not a script that runs:
 * the CSP stays `script-src 'self'`) holds the API answers the page was rendered with.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
export const PAGE_DATA_ELEMENT_ID = 'outils-page-data';

/** A tool sheet's three addresses (docs/product/rules.md#R90), not the member pages under /toolspage. */
export const SHEET_PATTERN = '^/(?:toolspage(?:/details)?|tools)/(?!(?:favorites|folders|for-you)/?$)[^/]+/?$';

/**
 * The public pages that look the same for every guest: home, library, 'Pour vous', sheets, about
 * and legal pages. Not the diagnostic: a guest's answers in progress live in their browser.
 */
const SERVER_RENDERED_PAGES = ['^/$', '^/toolspage/?$', '^/toolspage/for-you/?$', SHEET_PATTERN, '^/about/?$', '^/info/(?:cgu|privacypolicy|legalnotice|accessibility)/?$'].map(
  (pattern) => new RegExp(pattern),
);

export const isServerRenderedPage = (pathname: string): boolean => SERVER_RENDERED_PAGES.some((page) => page.test(pathname));
