import { WorkerHost } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { JobName, JobPayloads, OutboxJob, OutboxRepository } from '@outils/server-jobs';

/** What an outbox job's work answers: the job's outcome, and what of the row's payload to keep. */
export interface OutboxWork {
  outcome: string;
  /** The payload left on the row once done, without its secrets (links with live tokens); all of it when absent. */
  keep?: Record<string, unknown>;
}

/** The work of one outbox job, given the payload read from its row. */
export type OutboxJobWork<N extends JobName> = (data: JobPayloads[N], outboxId: string) => Promise<OutboxWork>;

/** Which work runs each job of a queue, typed by the job union: a job's work receives its own payload. */
export type OutboxJobTable<N extends JobName> = { [K in N]: OutboxJobWork<K> };

/**
 * What every outbox job does around its work, written once (docs/product/rules.md#R167,
 * #R882): the job carries only its row's id, the payload is read from PostgreSQL; a row gone
 * (its account erased) or already sent (a stalled job run again) does nothing; a failure is
 * recorded on the row before BullMQ retries; success marks the row sent and drops its secrets.
 * A work that throws `UnrecoverableError` (a hostile file, docs/product/rules.md#R785) fails for
 * good: its note is recorded and the row marked handled, so the re-handover never runs it again.
 */
@Injectable()
export class OutboxJobRunner {
  constructor(private readonly outbox: OutboxRepository) {}

  async run<N extends JobName>(name: N, job: OutboxJob, work: OutboxJobWork<N>): Promise<string> {
    const row = await this.outbox.findById(job.outboxId);
    if (!row) return 'gone';
    if (row.sentAt) return 'already-sent';
    if (row.jobName !== name) throw new Error(`Outbox row ${row.id} is a "${row.jobName}" job, not "${name}"`);
    let done: OutboxWork;
    try {
      done = await work(row.payload as unknown as JobPayloads[N], row.id);
    } catch (error) {
      await this.outbox.recordFailure(row.id, (error as Error).message);
      if (error instanceof UnrecoverableError) await this.outbox.markSent(row.id);
      throw error;
    }
    await this.outbox.markSent(row.id, done.keep);
    return done.outcome;
  }
}

/**
 * A queue's processor: routes each job by name to its work through the runner. A name the
 * table does not know fails the job (a unit test checks every job name has its processor).
 */
export abstract class OutboxQueueProcessor<N extends JobName> extends WorkerHost {
  protected abstract readonly jobs: OutboxJobTable<N>;

  constructor(protected readonly runner: OutboxJobRunner) {
    super();
  }

  handles(name: string): name is N {
    return Object.prototype.hasOwnProperty.call(this.jobs, name);
  }

  async process(job: Job): Promise<string> {
    const name = job.name;
    if (!this.handles(name)) throw new Error(`No handler for job "${name}" on this queue`);
    return this.runner.run(name, job.data as OutboxJob, this.jobs[name] as OutboxJobWork<N>);
  }
}
