import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { Queues } from '@outils/server-jobs';
import { NewsletterSyncHandler, NewsletterSyncOutcome } from './newsletter-sync.handler';

/** Consumes the `newsletter` queue; retries with backoff come from the job options. */
@Processor(Queues.newsletter, { concurrency: 2 })
export class NewsletterProcessor extends WorkerHost {
  constructor(private readonly handler: NewsletterSyncHandler) {
    super();
  }

  async process(job: Job): Promise<NewsletterSyncOutcome> {
    if (job.name !== 'sync-newsletter-subscriber') throw new Error(`No handler for newsletter job "${job.name}"`);
    return this.handler.handle(job.data);
  }
}
