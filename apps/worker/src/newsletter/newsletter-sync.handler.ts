import { Injectable, Logger } from '@nestjs/common';
import { JobPayloads, OutboxJob, OutboxRepository } from '@outils/server-jobs';
import { MailjetClient } from './mailjet.client';
import { NewsletterSubscribersRepository } from './newsletter-subscribers.repository';

export type NewsletterSyncOutcome = 'synced' | 'recorded' | 'already-synced' | 'skipped';

/**
 * `sync-newsletter-subscriber`: pushes a consenting subscriber to Mailjet's contact list when
 * Mailjet is configured; otherwise the subscriber stays recorded in our table only. Idempotent:
 * a job that runs again finds `synced_at` set (or its outbox row sent) and does nothing.
 */
@Injectable()
export class NewsletterSyncHandler {
  private readonly logger = new Logger(NewsletterSyncHandler.name);
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly subscribers: NewsletterSubscribersRepository,
    private readonly mailjet: MailjetClient,
  ) {}

  /** The job carries the outbox row id only; the subscriber id is read from the row. */
  async handle(job: OutboxJob): Promise<NewsletterSyncOutcome> {
    const row = await this.outbox.findById(job.outboxId);
    if (!row) return 'skipped';
    const data = row.payload as unknown as JobPayloads['sync-newsletter-subscriber'];
    const outcome = await this.run(row.id, data);
    await this.outbox.markSent(row.id);
    return outcome;
  }

  private async run(outboxId: string, data: JobPayloads['sync-newsletter-subscriber']): Promise<NewsletterSyncOutcome> {
    const subscriber = await this.subscribers.find(data.subscriberId);
    // Gone (erased on request) or consent missing: nothing to push.
    if (!subscriber || !subscriber.consent) return 'skipped';
    if (subscriber.syncedAt) return 'already-synced';
    if (!this.mailjet.configured) {
      this.logger.log(`Newsletter subscriber ${subscriber.id} recorded (Mailjet not configured)`);
      return 'recorded';
    }
    try {
      await this.mailjet.addContact(subscriber.email);
    } catch (error) {
      await this.outbox.recordFailure(outboxId, (error as Error).message);
      throw error;
    }
    await this.subscribers.markSynced(subscriber.id);
    this.logger.log(`Newsletter subscriber ${subscriber.id} synced to Mailjet`);
    return 'synced';
  }
}
