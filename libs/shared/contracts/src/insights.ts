import type { NewsletterConsentSource, NewsletterStatus } from './personal-data';

/**
 * Admin insights (docs/product/rules.md#R670–R699): statistics, leads and CSV exports. Routes,
 * shapes, limits and French messages shared by the API and the web app so that they cannot drift.
 */
export const InsightsApiRoutes = {
  /** `GET ?from&to&granularity&toolId|categoryId|typeId`: downloads over time, top tools, e-mail share, sign-ups. */
  stats: '/admin/stats',
  /** `GET ?q&page`: newsletter subscribers and download e-mails. */
  leads: '/admin/leads',
  /** `POST {kind, from, to}`: `{ url }`, a one-minute link to the CSV file. */
  exportLink: '/admin/exports/link',
  /** `GET ?token`: the CSV file, streamed. */
  exportFile: '/admin/exports/file',
} as const;

export const InsightsWebRoutes = {
  stats: '/admin/stats',
  /** The curve of one tool (the dashboard's per-tool count links here). */
  toolStats: (toolId: number) => `/admin/stats?tool=${toolId}`,
  leads: '/admin/leads',
} as const;

export const STATS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type StatsGranularity = (typeof STATS_GRANULARITIES)[number];
/** The usefulness comments and the searches too (docs/product/rules.md#R967, #R973). */
export const EXPORT_KINDS = ['leads', 'downloads', 'usefulness', 'searches'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const InsightsLimits = {
  /** Longest range of the statistics and of an export, in days (docs/product/rules.md#R677). */
  maxRangeDays: 731,
  /** Tools in the period's top list. */
  topTools: 10,
  leadsPerPage: 25,
  searchMaxLength: 100,
} as const;

export interface StatsQuery {
  from?: string;
  to?: string;
  granularity?: StatsGranularity;
  toolId?: number;
  categoryId?: number;
  typeId?: number;
}

export interface StatsPoint { period: string; downloads: number; withEmail: number }
export interface ActivityPoint { period: string; signups: number; subscriptions: number }
export interface TopTool {
  toolId: number;
  name: string;
  slug: string;
  downloads: number;
  previousDownloads: number;
  /** Change from the previous period of the same length, in percent; null when it had none. */
  trendPercent: number | null;
}

/** A tool's counted downloads of one version over the range; `version` null: before versions (docs/product/rules.md#R926). */
export interface VersionDownloads { version: number | null; downloads: number }

export interface StatsResponse {
  from: string;
  to: string;
  granularity: StatsGranularity;
  /** The previous period of the same length, for the trends. */
  previous: { from: string; to: string; downloads: number };
  scope: { toolId: number | null; categoryId: number | null; typeId: number | null; toolName: string | null };
  series: StatsPoint[];
  activity: ActivityPoint[];
  totals: { downloads: number; withEmail: number; emailShare: number | null; signups: number; subscriptions: number };
  top: TopTool[];
  /** Scoped to one tool: its counted downloads per version, newest first (docs/product/rules.md#R926); otherwise null. */
  versions: VersionDownloads[] | null;
}

export interface Lead {
  email: string;
  /** Newsletter: the source of the latest registration; null when the address only downloaded. */
  newsletterSource: NewsletterConsentSource | null;
  newsletterStatus: NewsletterStatus | null;
  /** Date the subscription was confirmed (the consent). */
  consentAt: string | null;
  downloads: number;
  lastDownloadAt: string | null;
  firstSeenAt: string;
}
export interface LeadsResponse { leads: Lead[]; page: number; lastPage: number; total: number }

export interface ExportLinkRequest { kind: ExportKind; from: string; to: string }
export interface ExportLinkResponse { url: string }

export const InsightsMessages = {
  dateInvalid: (label: string) => `La date « ${label} » doit être une date au format AAAA-MM-JJ.`,
  rangeReversed: 'La date de début doit précéder la date de fin.',
  rangeTooLong: (days: number) => `La période ne peut pas dépasser ${days} jours.`,
  granularityInvalid: 'Le pas doit valoir « day », « week » ou « month ».',
  scopeInvalid: (label: string) => `Le filtre « ${label} » doit être un identifiant.`,
  scopeTooMany: 'Choisissez un seul filtre : un outil, un sujet ou un type.',
  exportKindInvalid: 'L’export doit valoir « leads », « downloads », « usefulness » ou « searches ».',
  exportLinkInvalid: 'Ce lien d’export n’est pas valide ou a expiré : relancez l’export depuis l’administration.',
  exportLinkUsed: 'Ce lien d’export a déjà servi : relancez l’export depuis l’administration.',
  searchInvalid: 'La recherche n’est pas valide.',
  pageInvalid: 'Le numéro de page n’est pas valide.',
} as const;
