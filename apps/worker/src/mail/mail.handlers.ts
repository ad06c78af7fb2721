import { Injectable, Logger } from '@nestjs/common';
import { JobName, JobPayloads } from '@outils/server-jobs';
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
  renderPartnerReportMail,
  renderPlanReminderMail,
  renderUpdateDigestMail,
} from '@outils/server-mail';
import { OutboxJobTable, OutboxWork } from '../outbox/outbox-job-runner';
import { MailSender } from '../smtp/mail-sender';

export type MailJobName = Extract<
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
  | 'send-update-digest-mail'
  | 'send-partner-report-mail'
  | 'send-plan-reminder-mail'
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
  'send-update-digest-mail': { render: renderUpdateDigestMail, secretFields: ['unsubscribeUrl', 'oneClickUrl'] },
  'send-partner-report-mail': { render: renderPartnerReportMail, secretFields: ['unsubscribeUrl', 'oneClickUrl'] },
  'send-plan-reminder-mail': { render: renderPlanReminderMail, secretFields: ['step', 'unsubscribeUrl', 'oneClickUrl'] },
};

export const MAIL_JOB_NAMES = Object.keys(MAIL_JOBS) as MailJobName[];

/**
 * The mail jobs' work: render the job's mail and send it; what the runner keeps on the row is
 * the payload without its secret fields. A stalled job that runs again finds its row sent and
 * sends nothing (the runner's check), so one outbox row gives one mail on a normal run.
 */
@Injectable()
export class MailHandlers {
  private readonly logger = new Logger(MailHandlers.name);
  constructor(private readonly sender: MailSender) {}

  /** The work of every mail job, by name. */
  jobs(): OutboxJobTable<MailJobName> {
    const work = (name: MailJobName) => (data: never, outboxId: string) => this.send(name, data, outboxId);
    return Object.fromEntries(MAIL_JOB_NAMES.map((name) => [name, work(name)])) as unknown as OutboxJobTable<MailJobName>;
  }

  private async send<N extends MailJobName>(name: N, data: JobPayloads[N], outboxId: string): Promise<OutboxWork> {
    const spec = MAIL_JOBS[name] as unknown as { render: (d: JobPayloads[N]) => RenderedMail; secretFields: string[] };
    await this.sender.send((data as { to: string }).to, spec.render(data));
    this.logger.log(`Mail ${name} sent (outbox ${outboxId})`);
    return { outcome: 'sent', keep: Object.fromEntries(Object.entries(data).filter(([key]) => !spec.secretFields.includes(key))) };
  }
}
