import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { OutboxJob, Queues } from '@outils/server-jobs';
import { InspectToolFileHandler } from './inspect-tool-file.handler';

export const FILES_JOB_NAMES = ['inspect-tool-file'] as const;

/** Consumes the `files` queue: one file at a time, a PDF rendering takes a core for a moment. */
@Processor(Queues.files, { concurrency: 1 })
export class FilesProcessor extends WorkerHost {
  constructor(private readonly handler: InspectToolFileHandler) {
    super();
  }

  handles(name: string): boolean {
    return (FILES_JOB_NAMES as readonly string[]).includes(name);
  }

  async process(job: Job): Promise<string> {
    if (!this.handles(job.name)) throw new Error(`No handler for files job "${job.name}"`);
    return this.handler.handle(job.data as OutboxJob);
  }
}
