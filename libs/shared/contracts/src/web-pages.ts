/**
 * The web app's route table (docs/product/screens.md#routes, docs/product/rules.md#R7): every page
 * path in React Router's syntax. The web app builds its router from these paths, the web server
 * answers 200 for them and 404 for any other path (docs/product/rules.md#R800), and the API's SEO
 * module knows which paths are a tool's sheet (docs/product/rules.md#R90). A new page is added here
 * first: `apps/web/src/app/__tests__/web-pages.spec.tsx` refuses a router that differs.
 */
export const WebPagePaths = {
  home: '/',
  about: '/about',
  notAllowed: '/notallowed',
  login: '/login',
  signup: '/login/signup',
  signupConfirmed: '/login/signup/confirmed',
  passwordForgot: '/login/password/forgot',
  passwordReset: '/login/password/reset',
  loginLink: '/login/link',
  profile: '/profile',
  profileConfirmed: '/profile/confirmed',
  profileEmailConfirmed: '/profile/email-confirmed',
  profileDeleted: '/profile/deleted',
  profileDownloads: '/profile/downloads',
  newsletterConfirmed: '/newsletter/confirmed',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  /** docs/product/rules.md#R915: the update alerts' visible way out. */
  alertsUnsubscribe: '/alertes/desinscription',
  partnerReportsUnsubscribe: '/partenaires/rapport/desinscription',
  tools: '/toolspage',
  favorites: '/toolspage/favorites',
  folders: '/toolspage/folders',
  folder: '/toolspage/folders/:id',
  forYou: '/toolspage/for-you',
  diagnostic: '/diagnostic',
  diagnosticResult: '/diagnostic/resultat',
  diagnosticHistory: '/diagnostic/historique',
  /** docs/product/rules.md#R976 to #R981: the followed plan, a mail's answer link, its way out. */
  plan: '/diagnostic/mon-plan',
  planAnswer: '/diagnostic/plan/reponse',
  planUnsubscribe: '/diagnostic/plan/desinscription',
  sharedFolder: '/dossiers/:token',
  sheetById: '/toolspage/details/:identifier',
  sheetBySlug: '/toolspage/:identifier',
  sheet: '/tools/:identifier',
  admin: '/admin',
  adminToolNew: '/admin/tools/new',
  adminToolEdit: '/admin/tools/edit',
  adminDiagnostic: '/admin/diagnostic',
  adminStats: '/admin/stats',
  adminLeads: '/admin/leads',
  adminPartners: '/admin/partners',
  adminPartnerReport: '/admin/partners/:id/rapport',
  adminUsefulness: '/admin/usefulness',
  adminSearches: '/admin/searches',
  cgu: '/info/cgu',
  privacy: '/info/privacypolicy',
  legalNotice: '/info/legalnotice',
  accessibility: '/info/accessibility',
  notFound: '/info/404',
} as const;

export type WebPagePath = (typeof WebPagePaths)[keyof typeof WebPagePaths];

/** A tool sheet's three addresses (docs/product/rules.md#R90). */
export const SHEET_PAGES: readonly WebPagePath[] = [WebPagePaths.sheetById, WebPagePaths.sheetBySlug, WebPagePaths.sheet];

/**
 * The pages the web server renders for guests (docs/product/rules.md#R830): the public pages that
 * look the same for every guest. Not the diagnostic: a guest's answers in progress live in their browser.
 */
export const SERVER_RENDERED_PAGES: readonly WebPagePath[] = [
  WebPagePaths.home, WebPagePaths.tools, WebPagePaths.forYou, ...SHEET_PAGES, WebPagePaths.about,
  WebPagePaths.cgu, WebPagePaths.privacy, WebPagePaths.legalNotice, WebPagePaths.accessibility,
];

/** A page path matched: which route, and the values of its `:name` segments (as written, not decoded). */
export interface WebPageMatch {
  path: WebPagePath;
  params: Record<string, string>;
}

interface CompiledPage {
  path: WebPagePath;
  segments: string[];
  /** Static segments weigh more than dynamic ones, as in React Router's ranking. */
  score: number;
}

const splitPath = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

const COMPILED: CompiledPage[] = (Object.values(WebPagePaths) as WebPagePath[])
  .map((path) => {
    const segments = splitPath(path);
    return { path, segments, score: segments.reduce((sum, s) => sum + (s.startsWith(':') ? 3 : 10), 0) };
  })
  .sort((a, b) => b.score - a.score);

/**
 * The route of the app that answers `pathname` (no query string), or `null` for an unknown path,
 * which the app shows as its 404 page. Like React Router: letters in either case, trailing slashes
 * or none, a static segment before a `:name` one.
 */
export function matchWebPage(pathname: string): WebPageMatch | null {
  const trimmed = pathname.replace(/\/+$/, '');
  if (!pathname.startsWith('/') || trimmed.includes('//')) return null;
  const segments = splitPath(trimmed);
  for (const page of COMPILED) {
    if (page.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = page.segments.every((expected, i) => {
      if (expected.startsWith(':')) {
        params[expected.slice(1)] = segments[i];
        return true;
      }
      return expected.toLowerCase() === segments[i].toLowerCase();
    });
    if (matches) return { path: page.path, params };
  }
  return null;
}

/** The identifier of the tool a sheet's path names (its slug, id or former slug), or `null` when the path is not a sheet's. */
export function sheetIdentifierOf(pathname: string): string | null {
  const page = matchWebPage(pathname);
  return page && SHEET_PAGES.includes(page.path) ? page.params.identifier : null;
}

/**
 * A sheet's three addresses as a regular expression's source, for code that runs before the app's
 * and cannot call `sheetIdentifierOf` (the build's start script, docs/product/rules.md#R713): the
 * other pages under `/toolspage` are left out, as the router ranks them first.
 */
export const SHEET_PATH_PATTERN = ((): string => {
  const others = COMPILED.filter((page) => page.segments.length === 2 && page.segments[0] === 'toolspage' && !page.segments[1].startsWith(':'));
  return `^/(?:toolspage/details/|tools/|toolspage/(?!(?:${others.map((page) => page.segments[1]).sort().join('|')})/?$))[^/]+/?$`;
})();

/** True for the paths that show the app's 404 page: unknown paths and `/info/404` itself. */
export function isNotFoundPage(pathname: string): boolean {
  const page = matchWebPage(pathname);
  return page === null || page.path === WebPagePaths.notFound;
}

export function isServerRenderedPage(pathname: string): boolean {
  const page = matchWebPage(pathname);
  return page !== null && SERVER_RENDERED_PAGES.includes(page.path);
}
