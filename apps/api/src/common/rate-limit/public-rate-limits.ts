import type { RateLimitRule } from './rate-limit.types';

const MINUTES = 60;
const HOUR = 3600;

/**
 * Per-IP budgets of the public writes (docs/product/rules.md#R181). Generous enough for an office behind
 * one address, low enough that one client cannot fill the subscriber table, inflate download
 * counts or load the database with writes. Past them: 429, Retry-After and a French message.
 */
export const PublicRateLimits = {
  /** `POST /api/mailjet/register`: a person subscribes once; 10 an hour leaves room for a shared office. */
  newsletter: { name: 'newsletter', perIp: { points: 10, durationSeconds: HOUR } },
  /** Confirmation and unsubscribe links of the newsletter's mails (docs/product/rules.md#R744). */
  newsletterLink: { name: 'newsletter-link', perIp: { points: 60, durationSeconds: 10 * MINUTES } },
  /** `GET /tools/download`: links handed out (a visitor downloading a whole category stays under). */
  downloadLink: { name: 'download-link', perIp: { points: 60, durationSeconds: 10 * MINUTES } },
  /** `GET /tools/file`: files served from signed links. */
  downloadFile: { name: 'download-file', perIp: { points: 60, durationSeconds: 10 * MINUTES } },
  /** `POST /api/favorites/create|delete`: stars toggled. */
  favourites: { name: 'favourites', perIp: { points: 120, durationSeconds: 10 * MINUTES } },
  /**
   * `GET /api/tools/suggestions` (a read, docs/product/rules.md#R602): one call per pause in typing;
   * 600 in 10 minutes is a whole office searching, and bounds the dictionary look-ups one client can cause.
   */
  suggestions: { name: 'suggestions', perIp: { points: 600, durationSeconds: 10 * MINUTES } },
  /** `GET /api/catalogue.jsonld` (a read, docs/product/rules.md#R992): a harvester walks every page, a few times a day. */
  openCatalogue: { name: 'open-catalogue', perIp: { points: 300, durationSeconds: 10 * MINUTES } },
  /** `GET /api/partners/:id/embed` (a read, docs/product/rules.md#R995): each view of an embed; its own budget, apart from the site's reads. */
  partnerEmbed: { name: 'partner-embed', perIp: { points: 300, durationSeconds: 10 * MINUTES } },
  /** `POST /api/partners/reports/unsubscribe`: a partner's one-click unsubscribe (docs/product/rules.md#R1002). */
  partnerReportsUnsubscribe: { name: 'partner-reports-unsubscribe', perIp: { points: 30, durationSeconds: HOUR } },
  /** `POST /api/usefulness/answer`: answers and their changes, members and guests (docs/product/rules.md#R961). */
  usefulness: { name: 'usefulness', perIp: { points: 60, durationSeconds: HOUR } },
  /** A guest's answer or its change (a comment after 'Oui'): what one network's browsers may send in an hour (docs/product/rules.md#R961). */
  usefulnessGuest: { name: 'usefulness-guest', perIp: { points: 30, durationSeconds: HOUR } },
  /** `POST /api/searches` and `/api/searches/opened`: one call per settled search or opened result (docs/product/rules.md#R971). */
  searches: { name: 'searches', perIp: { points: 300, durationSeconds: HOUR } },
  /** `GET /api/tools/accessibility` (a read, docs/product/rules.md#R948): the statement's list. */
  documentsAccessibility: { name: 'documents-accessibility', perIp: { points: 120, durationSeconds: 10 * MINUTES } },
  /** A plan mail's answer and unsubscribe links, read or used (docs/product/rules.md#R980). */
  planMailLink: { name: 'plan-mail-link', perIp: { points: 60, durationSeconds: 10 * MINUTES } },
} satisfies Record<string, RateLimitRule>;
