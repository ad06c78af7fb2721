import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { JobName, OutboxJobData, OutboxRepository } from '@outils/server-jobs';
import { renderActivationMail, renderEmailChangedMail, RenderedMail, renderPasswordResetMail } from '@outils/server-mail';
import { MailSender } from './mail-sender';

type MailJobName = Extract<JobName, 'send-activation-mail' | 'send-password-reset-mail' | 'send-email-changed-mail'>;

/** Renders each mail job; payload fields that hold secrets are dropped once the mail left. */
const MAIL_JOBS: { [N in MailJobName]: { render: (data: OutboxJobData<N>) => RenderedMail; secretFields: string[] } } = {
  'send-activation-mail': { render: renderActivationMail, secretFields: ['activationUrl'] },
  'send-password-reset-mail': { render: renderPasswordResetMail, secretFields: ['resetUrl'] },
  'send-email-changed-mail': { render: renderEmailChangedMail, secretFields: [] },
};

export const MAIL_JOB_NAMES = Object.keys(MAIL_JOBS) as MailJobName[];

export type MailOutcome = 'sent' | 'already-sent';

/**
 * Idempotent mail handlers: a job that stalled and runs again finds its outbox row sent and
 * does nothing (one outbox row never gives two sends on a normal run).
 */
@Injectable()
export class MailHandlers {
  private readonly logger = new Logger(MailHandlers.name);
  private readonly outbox: OutboxRepository;

  constructor(@InjectDataSource() dataSource: DataSource, private readonly sender: MailSender) {
    this.outbox = new OutboxRepository(dataSource);
  }

  handles(name: string): name is MailJobName {
    return name in MAIL_JOBS;
  }

  async handle<N extends MailJobName>(name: N, data: OutboxJobData<N>): Promise<MailOutcome> {
    const job = MAIL_JOBS[name] as unknown as { render: (d: OutboxJobData<N>) => RenderedMail; secretFields: string[] };
    if (data.outboxId) {
      const row = await this.outbox.findById(data.outboxId);
      if (row?.sentAt) return 'already-sent';
    }
    const mail = job.render(data);
    try {
      await this.sender.send(data.to, mail);
    } catch (error) {
      if (data.outboxId) await this.outbox.recordFailure(data.outboxId, (error as Error).message);
      throw error;
    }
    if (data.outboxId) {
      const redacted = Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'outboxId' && !job.secretFields.includes(key)));
      await this.outbox.markSent(data.outboxId, redacted);
    }
    this.logger.log(`Mail ${name} sent (outbox ${data.outboxId ?? '-'})`);
    return 'sent';
  }
}
