import { Processor } from '@nestjs/bullmq';
import { Queues } from '@outils/server-jobs';
import { CheckDocumentAccessibilityHandler } from '../files/check-document-accessibility.handler';
import { InspectToolFileHandler } from '../files/inspect-tool-file.handler';
import { OutboxJobRunner, OutboxJobTable, OutboxQueueProcessor } from '../outbox/outbox-job-runner';

type FileJob = 'inspect-tool-file' | 'check-document-accessibility';

/** Consumes the `files` queue: one file at a time, a PDF rendering or check takes a core for a moment. */
@Processor(Queues.files, { concurrency: 1 })
export class FilesQueueProcessor extends OutboxQueueProcessor<FileJob> {
  protected readonly jobs: OutboxJobTable<FileJob>;

  constructor(runner: OutboxJobRunner, inspector: InspectToolFileHandler, accessibility: CheckDocumentAccessibilityHandler) {
    super(runner);
    this.jobs = {
      'inspect-tool-file': (data, outboxId) => inspector.inspect(data, outboxId),
      'check-document-accessibility': (data, outboxId) => accessibility.check(data, outboxId),
    };
  }
}
