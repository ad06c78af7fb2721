import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { Queues } from '@outils/server-jobs';
import { MailHandlers } from './mail.handlers';

/** Consumes the `mail` queue; retries with backoff come from the job options (8 attempts). */
@Processor(Queues.mail, { concurrency: 4 })
export class MailProcessor extends WorkerHost {
  constructor(private readonly handlers: MailHandlers) {
    super();
  }

  async process(job: Job): Promise<string> {
    if (!this.handlers.handles(job.name)) throw new Error(`No handler for mail job "${job.name}"`);
    return this.handlers.handle(job.name, job.data);
  }
}
