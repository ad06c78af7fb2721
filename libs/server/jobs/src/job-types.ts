import type { PartnerReportMonth } from '@outils/contracts';
import { Queues, QueueName } from './queues';

/**
 * Every job of the system as one discriminated union: name → payload. The payload lives in
 * PostgreSQL (the outbox row); a queued job carries only the row id (`OutboxJob`), so that no
 * mail link with a live token ever sits in Redis or shows in the queue dashboard.
 */
export interface JobPayloads {
  'send-activation-mail': { to: string; firstName: string; activationUrl: string };
  'send-password-reset-mail': { to: string; firstName: string; resetUrl: string };
  'send-email-changed-mail': { to: string; firstName: string; newEmail: string };
  /** docs/product/rules.md#R760: the link that proves the new mailbox, and the notice to the address in force. */
  'send-email-change-confirm-mail': { to: string; firstName: string; confirmUrl: string };
  'send-email-change-requested-mail': { to: string; firstName: string; newEmail: string };
  /** docs/product/rules.md#R766: the owner told of a new password and of the account's deletion. */
  'send-password-changed-mail': { to: string; firstName: string; how: 'profile' | 'reset' };
  'send-account-deleted-mail': { to: string; firstName: string };
  /** docs/product/rules.md#R770: a one-time login link. */
  'send-login-link-mail': { to: string; firstName: string; loginUrl: string };
  /** docs/product/rules.md#R451, docs/product/rules.md#R744: the confirmation link and the two ways out. */
  'send-newsletter-confirmation-mail': { to: string; confirmUrl: string; unsubscribeUrl: string; oneClickUrl: string };
  'sync-newsletter-subscriber': { subscriberId: string };
  /** docs/product/rules.md#R968: builds a large member's data file, stores it, mails its 24-hour link. */
  'build-data-export': { exportId: string; to: string; downloadUrl: string };
  /**
   * docs/product/rules.md#R636, docs/product/rules.md#R637: the tool's file as `fileKey` names it is
   * read by the worker, which fills its missing page count and renders a PDF's first page.
   */
  'inspect-tool-file': { toolId: number; fileKey: string };
  /**
   * docs/product/rules.md#R934: the worker checks the accessibility of the tool's file as `fileKey`
   * names it; `target: 'alternative'` checks its declared accessible alternative (docs/product/rules.md#R947).
   */
  'check-document-accessibility': { toolId: number; fileKey: string; target?: 'alternative' };
  'purge-expired-tokens': Record<string, never>;
  'purge-unactivated-accounts': Record<string, never>;
  'anonymise-old-download-logs': Record<string, never>;
  'report-stale-outbox': Record<string, never>;
  'compute-related-tools': Record<string, never>;
  'purge-personal-data': Record<string, never>;
  /** docs/product/rules.md#R676: the daily figures of the statistics, recent days rebuilt. */
  'aggregate-daily-stats': Record<string, never>;
  /** docs/product/rules.md#R912: the day's update digests, one outbox mail per member concerned. */
  'send-update-digests': Record<string, never>;
  /** docs/product/rules.md#R913: one member's digest of the tools they use that have a new version. */
  'send-update-digest-mail': {
    to: string;
    firstName: string;
    tools: Array<{ name: string; url: string; version: number; note: string | null }>;
    unsubscribeUrl: string;
    oneClickUrl: string;
  };
  /** docs/product/rules.md#R1001: last month's report of every partner not yet sent one, one outbox mail each. */
  'send-partner-reports': Record<string, never>;
  /** docs/product/rules.md#R1001: one partner's monthly report, its CSV attached. */
  'send-partner-report-mail': { to: string; partnerName: string; figures: PartnerReportMonth; unsubscribeUrl: string; oneClickUrl: string };
  /** docs/product/rules.md#R979: the week's followed-plan mails, one outbox mail per plan and week. */
  'send-plan-reminders': Record<string, never>;
  /** docs/product/rules.md#R979–R981: one member's weekly plan mail (the next step, or the end). */
  'send-plan-reminder-mail': {
    to: string;
    firstName: string;
    week: number;
    step: { toolName: string; toolUrl: string; answers: Array<{ label: string; url: string }> } | null;
    planUrl: string;
    diagnosticUrl: string;
    unsubscribeUrl: string;
    oneClickUrl: string;
  };
}
export type JobName = keyof JobPayloads;
export type Job<N extends JobName = JobName> = { [K in N]: { name: K; data: JobPayloads[K] } }[N];
/** The whole data of a queued outbox job: its handler reads the payload from the row. */
export interface OutboxJob {
  outboxId: string;
}

/** Which queue runs which job. A unit test checks that every job name has a handler. */
export const JOB_QUEUE: Record<JobName, QueueName> = {
  'send-activation-mail': Queues.mail,
  'send-password-reset-mail': Queues.mail,
  'send-email-changed-mail': Queues.mail,
  'send-email-change-confirm-mail': Queues.mail,
  'send-email-change-requested-mail': Queues.mail,
  'send-password-changed-mail': Queues.mail,
  'send-account-deleted-mail': Queues.mail,
  'send-login-link-mail': Queues.mail,
  'send-newsletter-confirmation-mail': Queues.mail,
  'sync-newsletter-subscriber': Queues.newsletter,
  'build-data-export': Queues.mail,
  'inspect-tool-file': Queues.files,
  'check-document-accessibility': Queues.files,
  'purge-expired-tokens': Queues.housekeeping,
  'purge-unactivated-accounts': Queues.housekeeping,
  'anonymise-old-download-logs': Queues.housekeeping,
  'report-stale-outbox': Queues.housekeeping,
  'compute-related-tools': Queues.housekeeping,
  'purge-personal-data': Queues.housekeeping,
  'aggregate-daily-stats': Queues.housekeeping,
  'send-update-digests': Queues.housekeeping,
  'send-update-digest-mail': Queues.mail,
  'send-partner-reports': Queues.housekeeping,
  'send-partner-report-mail': Queues.mail,
  'send-plan-reminders': Queues.housekeeping,
  'send-plan-reminder-mail': Queues.mail,
};

export const JOB_NAMES = Object.keys(JOB_QUEUE) as JobName[];

/** BullMQ job ids must not be plain integers nor contain ':'. */
export function outboxJobId(outboxId: string): string {
  return `outbox-${outboxId}`;
}
