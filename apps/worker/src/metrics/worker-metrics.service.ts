import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Job } from 'bullmq';
import { Counter, Gauge } from 'prom-client';
import { OutboxRepository, registerOutboxGauges } from '@outils/server-jobs';
import { programRegistry, timedEvents, TimedEvents } from '@outils/server-metrics';

export type JobOutcome = 'completed' | 'retried' | 'failed';

/**
 * The worker's Prometheus registry: outcomes and durations of the jobs this process ran (so
 * that replicas add up), outbox figures read at scrape time, and what the housekeeping found.
 */
@Injectable()
export class WorkerMetricsService implements OnApplicationBootstrap {
  readonly registry = programRegistry('outils_worker_');
  private readonly jobs: TimedEvents<'queue' | 'name' | 'outcome'>;
  private readonly staleOutbox: Gauge<'state'>;
  private readonly housekeepingRows: Counter<'job'>;
  private readonly handedOverAgain: Counter;

  constructor(
    private readonly discovery: DiscoveryService,
    outbox: OutboxRepository,
  ) {
    const registers = [this.registry];
    this.jobs = timedEvents(this.registry, {
      labelNames: ['queue', 'name', 'outcome'],
      count: { name: 'outils_worker_jobs_total', help: 'Jobs run by this worker, by queue, job name and outcome (retried: an attempt failed, another will follow).' },
      duration: {
        name: 'outils_worker_job_duration_seconds',
        help: 'Time a job attempt took, by queue, job name and outcome.',
        buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      },
    });
    this.staleOutbox = new Gauge({
      name: 'outils_outbox_stale_messages',
      help: 'Outbox rows older than 5 minutes and not sent, at the last housekeeping check (pending: not handed to a queue; unsent: handed over, not sent).',
      labelNames: ['state'],
      registers,
    });
    this.housekeepingRows = new Counter({
      name: 'outils_housekeeping_rows_total',
      help: 'Rows deleted or anonymised by the housekeeping jobs.',
      labelNames: ['job'],
      registers,
    });
    this.handedOverAgain = new Counter({
      name: 'outils_outbox_handed_over_again_total',
      help: 'Outbox rows made pending again because they were still unsent 15 minutes after their hand-over (the queue may have lost them).',
      registers,
    });
    registerOutboxGauges(registers, () => outbox.pendingStats());
  }

  /** Listens to every BullMQ worker of the application (mail, newsletter, housekeeping…). */
  onApplicationBootstrap(): void {
    for (const host of this.workerHosts()) {
      const worker = host.worker;
      worker.on('completed', (job: Job) => this.recordJob(worker.name, job, 'completed'));
      worker.on('failed', (job: Job | undefined) => {
        if (!job) return;
        const final = job.attemptsMade >= (job.opts.attempts ?? 1);
        this.recordJob(worker.name, job, final ? 'failed' : 'retried');
      });
    }
  }

  /** The processors of the application, to count their jobs and report them in readiness. */
  workerHosts(): WorkerHost[] {
    return this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is WorkerHost => instance instanceof WorkerHost);
  }

  recordJob(queue: string, job: Pick<Job, 'name' | 'processedOn' | 'finishedOn'>, outcome: JobOutcome): void {
    const labels = { queue, name: job.name, outcome };
    this.jobs.record(labels, job.processedOn && job.finishedOn ? Math.max(0, job.finishedOn - job.processedOn) / 1000 : undefined);
  }

  setStaleOutbox(pending: number, unsent: number): void {
    this.staleOutbox.set({ state: 'pending' }, pending);
    this.staleOutbox.set({ state: 'unsent' }, unsent);
  }

  countHandedOverAgain(rows: number): void {
    this.handedOverAgain.inc(rows);
  }

  countHousekeeping(job: string, rows: number): void {
    this.housekeepingRows.inc({ job }, rows);
  }

  scrape(): Promise<string> {
    return this.registry.metrics();
  }
}
