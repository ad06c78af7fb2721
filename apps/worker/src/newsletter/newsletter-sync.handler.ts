import { Injectable, Logger } from '@nestjs/common';
import { JobPayloads, OutboxJob, OutboxRepository } from '@outils/server-jobs';
import { MailjetAction, MailjetClient } from './mailjet.client';
import { NewsletterSubscribersRepository } from './newsletter-subscribers.repository';

export type NewsletterSyncOutcome = 'subscribed' | 'unsubscribed' | 'recorded' | 'already-synced' | 'skipped';

/**
 * `sync-newsletter-subscriber`: pushes the subscriber's current state to Mailjet's contact list
 * (docs/product/rules.md#R457) — on the list once confirmed, off it once unsubscribed; a pending
 * or deleted address has nothing to push. The state is read when the job runs, so a job retried
 * after a later change pushes the latest state. Idempotent: a job whose outbox row is already
 * sent does nothing. Without Mailjet configured, the state stays recorded in our table only.
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
    if (row.sentAt) return 'already-synced';
    const data = row.payload as unknown as JobPayloads['sync-newsletter-subscriber'];
    const outcome = await this.run(row.id, data);
    await this.outbox.markSent(row.id);
    return outcome;
  }

  private async run(outboxId: string, data: JobPayloads['sync-newsletter-subscriber']): Promise<NewsletterSyncOutcome> {
    const subscriber = await this.subscribers.find(data.subscriberId);
    if (!subscriber || subscriber.status === 'pending') return 'skipped';
    const action: MailjetAction = subscriber.status === 'subscribed' ? 'addforce' : 'unsub';
    if (!this.mailjet.configured) {
      this.logger.log(`Newsletter subscriber ${subscriber.id} recorded as ${subscriber.status} (Mailjet not configured)`);
      return 'recorded';
    }
    try {
      await this.mailjet.manageContact(subscriber.email, action);
    } catch (error) {
      await this.outbox.recordFailure(outboxId, (error as Error).message);
      throw error;
    }
    await this.subscribers.markSynced(subscriber.id);
    this.logger.log(`Newsletter subscriber ${subscriber.id} synced to Mailjet (${action})`);
    return subscriber.status === 'subscribed' ? 'subscribed' : 'unsubscribed';
  }
}
