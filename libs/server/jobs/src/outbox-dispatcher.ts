import type { Queue } from 'bullmq';
import { DEFAULT_JOB_OPTIONS, QueueName } from './queues';
import { JOB_QUEUE, JobName, OutboxJob, outboxJobId } from './job-types';
import { OutboxRepository } from './outbox.repository';

/**
 * Hands pending outbox rows to their BullMQ queues. The fixed job id makes a second hand-over
 * of the same row a no-op while the job exists; handlers also check `sent_at` (idempotent).
 */
export class OutboxDispatcher {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly queueFor: (name: QueueName) => Queue,
  ) {}

  async dispatch(options: { ids?: string[]; limit?: number } = {}): Promise<number> {
    return this.outbox.dispatchPending(async (rows) => {
      for (const row of rows) {
        const name = row.jobName as JobName;
        // The id only: the payload (addresses, links with live tokens) stays in PostgreSQL
        // (docs/product/rules.md#R186).
        const data: OutboxJob = { outboxId: row.id };
        await this.queueFor(JOB_QUEUE[name]).add(name, data, {
          ...DEFAULT_JOB_OPTIONS,
          jobId: outboxJobId(row.id),
        });
      }
    }, options);
  }
}
