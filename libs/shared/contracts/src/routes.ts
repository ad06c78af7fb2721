/**
 * Every path of the product's call table (docs/product/api.md), relative to the API origin.
 * Controllers and RTK Query endpoints both use these constants so that they cannot drift.
 */
export const ApiRoutes = {
  health: '/health',
  healthReady: '/health/ready',
  docs: '/api/docs',

  // Accounts
  userNew: '/api/user/new',
  userConfirm: '/api/user/confirm',
  userShow: '/api/user/show',
  userUpdate: '/api/user/update',
  userDelete: '/api/user/delete',
  login: '/api/login',
  loginResendActivation: '/api/login/new/email',
  logout: '/api/logout',
  passwordForgot: '/api/password/send_forgot_email',
  passwordReset: '/api/password/reset',
  activities: '/api/activities',
  /** The publisher's legal identity and social profiles (legal pages, footer). */
  site: '/api/site',
  /** `POST {email, token}`: whether a reset link can still be used, checked when its page opens. */
  passwordResetCheck: '/api/password/reset/check',
  /** `POST {email, token}` from the new mailbox's link: moves the account to that address (docs/product/rules.md#R760). */
  userEmailConfirm: '/api/user/email/confirm',
  /** `POST` signed in: cancels the pending e-mail change (docs/product/rules.md#R762). */
  userEmailCancel: '/api/user/email/cancel',
  /** `POST {email}`: mails a one-time login link (docs/product/rules.md#R770). */
  loginLink: '/api/login/link',
  /** `POST {email, token}`: the login link's page opens a session with it. */
  loginLinkConfirm: '/api/login/link/confirm',

  // Catalogue
  filters: '/api/filters',
  tools: '/api/tools',
  toolsFeatured: '/api/tools/featured',
  /** `GET ?q=`: tools and topics for the words typed so far, matched parts as offsets (docs/product/rules.md#R602). */
  toolSuggestions: '/api/tools/suggestions',
  /** `GET`: the published documents that do not conform, read from their checks (docs/product/rules.md#R948). */
  documentsAccessibility: '/api/tools/accessibility',
  /** `GET /tools/{idOrSlug}`: the tool sheet. */
  toolSheet: (idOrSlug: string | number) => `/tools/${encodeURIComponent(String(idOrSlug))}`,
  toolDownload: '/tools/download',
  /** Streams a file behind a signed, expiring link (docs/product/rules.md#R100, docs/product/rules.md#R204). */
  toolFile: '/tools/file',
  /** Public images of the tools. */
  toolImage: (imageId: string) => `/tools/images/${encodeURIComponent(imageId)}`,
  /** The first page of a tool's PDF as an image (docs/product/rules.md#R636); a new file, a new id. */
  toolPreview: (previewId: string) => `/tools/previews/${encodeURIComponent(previewId)}`,
  favoriteCreate: '/api/favorites/create',
  favoriteDelete: '/api/favorites/delete',
  newsletterRegister: '/api/mailjet/register',

  // Administration
  adminToolCreate: '/admin/tools/create',
  adminToolUpdate: '/admin/tools/update',
  adminToolDelete: '/admin/tools/delete',
  adminQueues: '/admin/queues',

  // Operations (issue 9)
  /** `POST`: an admin gets `{ url }`, a 10-minute link that opens the queue dashboard. */
  adminQueuesLink: '/admin/queues/link',
  /** Prometheus text format; loopback callers or `Authorization: Bearer METRICS_TOKEN` only. */
  metrics: '/metrics',

  // Previews and search engines (issue 17): what a page gives a client without JavaScript.
  /** `GET ?path=/toolspage/{slug}`: the `<head>` tags of that page, HTML (docs/product/rules.md#R400). */
  seoHead: '/api/seo/head',
  /** The sitemap of every published tool (docs/product/rules.md#R402), served by the web server as `/sitemap.xml`. */
  seoSitemap: '/api/seo/sitemap.xml',
  /** Served by the web server as `/robots.txt` (docs/product/rules.md#R403). */
  seoRobots: '/api/seo/robots.txt',
  /** `GET ?path=`: 204 when the page exists, 404 for a path of no page or a sheet of no tool; the web servers answer 404 then (docs/product/rules.md#R800). */
  seoPageStatus: '/api/seo/page-status',
  /**
   * `{ version }`: the published catalogue's version on the instance that answers (`null` while it
   * has none it can vouch for); the web servers keep a guest's rendered page while it stays the same
   * (docs/product/rules.md#R831).
   */
  seoCatalogueVersion: '/api/seo/catalogue-version',
  /** `GET ?page=`: the open catalogue, DCAT-AP in JSON-LD, CORS-open; the web server serves it as `/catalogue.jsonld` (docs/product/rules.md#R990). */
  openCatalogue: '/api/catalogue.jsonld',
  /** `GET ?page=`: the same catalogue in Turtle, CORS-open; the web server serves it as `/catalogue.ttl` (docs/product/rules.md#R1003). */
  openCatalogueTurtle: '/api/catalogue.ttl',
} as const;

/**
 * The parameterised paths of `ApiRoutes` as route patterns, for the controllers that serve them.
 * `toolSheet` matches any one segment under `/tools/`: its controller declares it after the
 * fixed `/tools/*` paths (download, file, images, previews).
 */
export const ApiRoutePatterns = {
  toolSheet: '/tools/:idOrSlug',
  toolImage: '/tools/images/:id',
  toolPreview: '/tools/previews/:id',
} as const;

/** Routes of the web app (docs/product/rules.md#R7, docs/product/screens.md#routes). */
export const WebRoutes = {
  home: '/',
  about: '/about',
  notAllowed: '/notallowed',
  login: '/login',
  signup: '/login/signup',
  signupConfirmed: '/login/signup/confirmed',
  passwordForgot: '/login/password/forgot',
  passwordReset: '/login/password/reset',
  profile: '/profile',
  profileConfirmed: '/profile/confirmed',
  /** The new mailbox's link of an e-mail change (docs/product/rules.md#R760). */
  profileEmailConfirmed: '/profile/email-confirmed',
  /** A one-time login link (docs/product/rules.md#R770). */
  loginLink: '/login/link',
  profileDeleted: '/profile/deleted',
  tools: '/toolspage',
  toolBySlug: (slug: string) => `/toolspage/${slug}`,
  toolById: (id: number | string) => `/toolspage/details/${id}`,
  favorites: '/toolspage/favorites',
  admin: '/admin',
  adminToolNew: '/admin/tools/new',
  adminToolEdit: (id: number | string) => `/admin/tools/edit?id=${id}`,
  cgu: '/info/cgu',
  privacy: '/info/privacypolicy',
  legalNotice: '/info/legalnotice',
  /** The accessibility statement (docs/product/rules.md#R410). */
  accessibility: '/info/accessibility',
  notFound: '/info/404',
} as const;
