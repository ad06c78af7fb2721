import { Injectable, Logger } from '@nestjs/common';
import { JobPayloads } from '@outils/server-jobs';
import { OutboxWork } from '../outbox/outbox-job-runner';
import { MailjetAction, MailjetClient } from './mailjet.client';
import { NewsletterSubscribersRepository } from './newsletter-subscribers.repository';

export type NewsletterSyncOutcome = 'subscribed' | 'unsubscribed' | 'recorded' | 'skipped';

/**
 * `sync-newsletter-subscriber`: pushes the subscriber's current state to Mailjet's contact list
 * (docs/product/rules.md#R457) — on the list once confirmed, off it once unsubscribed; a pending
 * or deleted address has nothing to push. The state is read when the job runs, so a job retried
 * after a later change pushes the latest state. Idempotent: a job whose outbox row is already
 * sent does nothing (the runner's check). Without Mailjet configured, the state stays recorded
 * in our table only.
 */
@Injectable()
export class NewsletterSyncHandler {
  private readonly logger = new Logger(NewsletterSyncHandler.name);
  constructor(
    private readonly subscribers: NewsletterSubscribersRepository,
    private readonly mailjet: MailjetClient,
  ) {}

  async sync(data: JobPayloads['sync-newsletter-subscriber']): Promise<OutboxWork> {
    return { outcome: await this.push(data) };
  }

  private async push(data: JobPayloads['sync-newsletter-subscriber']): Promise<NewsletterSyncOutcome> {
    const subscriber = await this.subscribers.find(data.subscriberId);
    if (!subscriber || subscriber.status === 'pending') return 'skipped';
    const action: MailjetAction = subscriber.status === 'subscribed' ? 'addforce' : 'unsub';
    if (!this.mailjet.configured) {
      this.logger.log(`Newsletter subscriber ${subscriber.id} recorded as ${subscriber.status} (Mailjet not configured)`);
      return 'recorded';
    }
    await this.mailjet.manageContact(subscriber.email, action);
    await this.subscribers.markSynced(subscriber.id);
    this.logger.log(`Newsletter subscriber ${subscriber.id} synced to Mailjet (${action})`);
    return subscriber.status === 'subscribed' ? 'subscribed' : 'unsubscribed';
  }
}
