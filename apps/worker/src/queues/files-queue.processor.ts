import { Processor } from '@nestjs/bullmq';
import { Queues } from '@outils/server-jobs';
import { InspectToolFileHandler } from '../files/inspect-tool-file.handler';
import { OutboxJobRunner, OutboxJobTable, OutboxQueueProcessor } from '../outbox/outbox-job-runner';

/** Consumes the `files` queue: one file at a time, a PDF rendering takes a core for a moment. */
@Processor(Queues.files, { concurrency: 1 })
export class FilesQueueProcessor extends OutboxQueueProcessor<'inspect-tool-file'> {
  protected readonly jobs: OutboxJobTable<'inspect-tool-file'>;

  constructor(runner: OutboxJobRunner, inspector: InspectToolFileHandler) {
    super(runner);
    this.jobs = { 'inspect-tool-file': (data, outboxId) => inspector.inspect(data, outboxId) };
  }
}
