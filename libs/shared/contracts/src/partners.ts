/** Partners and their embeds (docs/product/rules.md#R993–R999): routes and shapes shared by the API, the web app and the web server. */
export const PartnerApiRoutes = {
  /** `GET` (admin): every partner. */
  adminList: '/api/admin/partners',
  /** `POST` (admin): a new partner. */
  adminCreate: '/api/admin/partners/create',
  /** `POST` (admin): `{ id, ...fields }`. */
  adminUpdate: '/api/admin/partners/update',
  /** `POST` (admin): `{ id }`. */
  adminDelete: '/api/admin/partners/delete',
  /** `GET ?sujet=&type=&outils=&kit=` (public, CORS-open): what a partner's embed shows, for the page whose `Origin` asks. */
  embed: '/api/partners/:id/embed',
  embedOf: (id: string) => `/api/partners/${encodeURIComponent(id)}/embed`,
  /** `GET` (admin): a partner's figures per month (docs/product/rules.md#R1000). */
  adminReport: '/api/admin/partners/:id/report',
  adminReportOf: (id: string) => `/api/admin/partners/${encodeURIComponent(id)}/report`,
  /** `POST ?partenaire=&jeton=` (public, one click): stops a partner's monthly report (docs/product/rules.md#R1002). */
  reportsUnsubscribe: '/api/partners/reports/unsubscribe',
} as const;

/** The query parameter carrying a partner's signed attribution on the links of its embed (docs/product/rules.md#R996). */
export const PARTNER_ATTRIBUTION_PARAM = 'partenaire';
/** Most tools one embed shows. */
export const PARTNER_EMBED_MAX_TOOLS = 12;
/** The web server's path of the embed script. */
export const PARTNER_EMBED_SCRIPT = '/embed.js';

export interface Partner {
  id: string;
  name: string;
  logoUrl: string | null;
  website: string;
  contactEmail: string;
  /** Host names whose pages may show the embed (`www.cci.fr`, `*.cma-france.fr`). */
  allowedHosts: string[];
  createdAt: string;
}

export interface PartnersResponse { partners: Partner[] }

export interface PartnerInput {
  name: string;
  logoUrl?: string | null;
  website: string;
  contactEmail: string;
  allowedHosts: string[];
}

/** One tool of an embed: its links carry the partner's signed attribution. */
export interface EmbedTool {
  id: number;
  name: string;
  description: string;
  category: string;
  type: string;
  /** « PDF · 1,2 Mo », or null when the format is unknown. */
  file: string | null;
  /** The sheet on the site, with the attribution. */
  url: string;
}

export interface EmbedResponse {
  partner: { name: string; website: string; logoUrl: string | null };
  /** With `data-kit` (docs/product/rules.md#R1007): the kit's name and its shared page, with the attribution. */
  kit?: { name: string; url: string };
  tools: EmbedTool[];
  /** The site's home page, with the attribution. */
  siteUrl: string;
}

/** The snippet an admin gives a partner (docs/product/rules.md#R994): a topic, or a kit alone (docs/product/rules.md#R1007, R1008). */
export const embedSnippet = (webUrl: string, partnerId: string, slice: { sujet?: string; kit?: string } = {}) =>
  `<script src="${webUrl}${PARTNER_EMBED_SCRIPT}" data-partenaire="${partnerId}"${
    slice.kit ? ` data-kit="${slice.kit}"` : slice.sujet ? ` data-sujet="${slice.sujet}"` : ''
  } async></script>`;

/**
 * How long a partner's counted events are kept (docs/product/rules.md#R1006): the current Paris month
 * and the 12 before it, so the report's monthly figures always cover whole months.
 */
export const PARTNER_EVENTS_KEPT_MONTHS = 13;

/** What is credited to a partner (docs/product/rules.md#R997). */
export type PartnerEventKind = 'view' | 'sheet' | 'download' | 'signup';

/** One month of a partner's figures (docs/product/rules.md#R999): counts, and visitors summed over the days. */
export interface PartnerReportMonth {
  /** `YYYY-MM`. */
  month: string;
  views: number;
  viewVisitors: number;
  sheets: number;
  sheetVisitors: number;
  downloads: number;
  downloadVisitors: number;
  signups: number;
  /** Unique visitors per day, summed over the month's days, whatever they did. */
  visitors: number;
}

export interface PartnerReportResponse {
  partner: Partner;
  /** Newest month first; only the months with something counted. */
  months: PartnerReportMonth[];
  /** Whether the partner's contact stopped the monthly report. */
  reportsUnsubscribed: boolean;
}
