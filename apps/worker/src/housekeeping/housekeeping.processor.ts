import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { Queues } from '@outils/server-jobs';
import { HousekeepingHandlers } from './housekeeping.handlers';

/** Consumes the `housekeeping` queue, one job at a time (they are short and set-based). */
@Processor(Queues.housekeeping, { concurrency: 1 })
export class HousekeepingProcessor extends WorkerHost {
  constructor(private readonly handlers: HousekeepingHandlers) {
    super();
  }

  async process(job: Job): Promise<Record<string, number>> {
    if (!this.handlers.handles(job.name)) throw new Error(`No handler for housekeeping job "${job.name}"`);
    return this.handlers.handle(job.name);
  }
}
