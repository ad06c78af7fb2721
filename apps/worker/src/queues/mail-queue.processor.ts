import { Processor } from '@nestjs/bullmq';
import { Queues } from '@outils/server-jobs';
import { MailHandlers, MailJobName } from '../mail/mail.handlers';
import { DataExportHandler } from '../my-data/data-export.handler';
import { OutboxJobRunner, OutboxJobTable, OutboxQueueProcessor } from '../outbox/outbox-job-runner';

type MailQueueJob = MailJobName | 'build-data-export';

/** Consumes the `mail` queue; retries with backoff come from the job options (8 attempts). */
@Processor(Queues.mail, { concurrency: 4 })
export class MailQueueProcessor extends OutboxQueueProcessor<MailQueueJob> {
  protected readonly jobs: OutboxJobTable<MailQueueJob>;

  constructor(runner: OutboxJobRunner, mails: MailHandlers, exports: DataExportHandler) {
    super(runner);
    // docs/product/rules.md#R968: a large data file is built, then mailed, from the mail queue.
    this.jobs = { ...mails.jobs(), 'build-data-export': (data, outboxId) => exports.build(data, outboxId) };
  }
}
