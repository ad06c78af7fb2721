import { Injectable, Logger } from '@nestjs/common';
import { JobName, JobPayloads, OutboxJob, OutboxRepository } from '@outils/server-jobs';
import {
  renderAccountDeletedMail,
  renderActivationMail,
  renderEmailChangeConfirmMail,
  renderEmailChangedMail,
  renderEmailChangeRequestedMail,
  RenderedMail,
  renderLoginLinkMail,
  renderNewsletterConfirmationMail,
  renderPasswordChangedMail,
  renderPasswordResetMail,
} from '@outils/server-mail';
import { DataExportHandler } from '../my-data/data-export.handler';
import { MailSender } from './mail-sender';

type MailJobName = Extract<
  JobName,
  | 'send-activation-mail'
  | 'send-password-reset-mail'
  | 'send-email-changed-mail'
  | 'send-email-change-confirm-mail'
  | 'send-email-change-requested-mail'
  | 'send-password-changed-mail'
  | 'send-account-deleted-mail'
  | 'send-login-link-mail'
  | 'send-newsletter-confirmation-mail'
>;

/** Renders each mail job; payload fields that hold secrets are dropped once the mail left. */
const MAIL_JOBS: { [N in MailJobName]: { render: (data: JobPayloads[N]) => RenderedMail; secretFields: string[] } } = {
  'send-activation-mail': { render: renderActivationMail, secretFields: ['activationUrl'] },
  'send-password-reset-mail': { render: renderPasswordResetMail, secretFields: ['resetUrl'] },
  'send-email-changed-mail': { render: renderEmailChangedMail, secretFields: [] },
  'send-email-change-confirm-mail': { render: renderEmailChangeConfirmMail, secretFields: ['confirmUrl'] },
  'send-email-change-requested-mail': { render: renderEmailChangeRequestedMail, secretFields: [] },
  'send-password-changed-mail': { render: renderPasswordChangedMail, secretFields: [] },
  'send-account-deleted-mail': { render: renderAccountDeletedMail, secretFields: [] },
  'send-login-link-mail': { render: renderLoginLinkMail, secretFields: ['loginUrl'] },
  'send-newsletter-confirmation-mail': { render: renderNewsletterConfirmationMail, secretFields: ['confirmUrl', 'unsubscribeUrl', 'oneClickUrl'] },
};

/** Jobs of the mail queue that build something before mailing it. */
const OTHER_MAIL_QUEUE_JOBS = ['build-data-export'] as const;

export const MAIL_JOB_NAMES = [...(Object.keys(MAIL_JOBS) as MailJobName[]), ...OTHER_MAIL_QUEUE_JOBS];

export type MailOutcome = 'sent' | 'already-sent' | 'gone';
type MailQueueJobName = MailJobName | (typeof OTHER_MAIL_QUEUE_JOBS)[number];

/**
 * Idempotent mail handlers: a job that stalled and runs again finds its outbox row sent and
 * does nothing (one outbox row never gives two sends on a normal run). The job carries only the
 * row id; the payload (address, link with its token) is read from PostgreSQL.
 */
@Injectable()
export class MailHandlers {
  private readonly logger = new Logger(MailHandlers.name);
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly sender: MailSender,
    private readonly dataExports: DataExportHandler,
  ) {}

  handles(name: string): name is MailQueueJobName {
    return (MAIL_JOB_NAMES as string[]).includes(name);
  }

  async handle(name: MailQueueJobName, job: OutboxJob): Promise<MailOutcome> {
    if (name === 'build-data-export') return this.dataExports.handle(job);
    return this.sendMail(name, job);
  }

  private async sendMail<N extends MailJobName>(name: N, job: OutboxJob): Promise<MailOutcome> {
    const spec = MAIL_JOBS[name] as unknown as { render: (d: JobPayloads[N]) => RenderedMail; secretFields: string[] };
    const row = await this.outbox.findById(job.outboxId);
    // A row purged meanwhile (its account erased): nothing to send.
    if (!row) return 'gone';
    if (row.sentAt) return 'already-sent';
    const data = row.payload as unknown as JobPayloads[N] & { to: string };
    const mail = spec.render(data);
    try {
      await this.sender.send(data.to, mail);
    } catch (error) {
      await this.outbox.recordFailure(row.id, (error as Error).message);
      throw error;
    }
    const redacted = Object.fromEntries(Object.entries(row.payload).filter(([key]) => !spec.secretFields.includes(key)));
    await this.outbox.markSent(row.id, redacted);
    this.logger.log(`Mail ${name} sent (outbox ${row.id})`);
    return 'sent';
  }
}
