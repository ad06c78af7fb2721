import { Processor } from '@nestjs/bullmq';
import { Queues } from '@outils/server-jobs';
import { NewsletterSyncHandler } from '../newsletter/newsletter-sync.handler';
import { OutboxJobRunner, OutboxJobTable, OutboxQueueProcessor } from '../outbox/outbox-job-runner';

/** Consumes the `newsletter` queue; retries with backoff come from the job options. */
@Processor(Queues.newsletter, { concurrency: 2 })
export class NewsletterQueueProcessor extends OutboxQueueProcessor<'sync-newsletter-subscriber'> {
  protected readonly jobs: OutboxJobTable<'sync-newsletter-subscriber'>;

  constructor(runner: OutboxJobRunner, sync: NewsletterSyncHandler) {
    super(runner);
    this.jobs = { 'sync-newsletter-subscriber': (data) => sync.sync(data) };
  }
}
