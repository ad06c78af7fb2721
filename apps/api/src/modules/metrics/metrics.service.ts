import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Counter, Gauge } from 'prom-client';
import { programRegistry, timedEvents, TimedEvents } from '@outils/server-metrics';
import { Queues, registerOutboxGauges } from '@outils/server-jobs';
import { uploadFigures } from '../../common/http/upload-figures';
import { MetricsRepository } from './metrics.repository';

/** Job states shown per queue; `delayed` holds the jobs waiting for their next retry. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/**
 * The API's Prometheus registry (its own, `programRegistry`). Request figures are counted as
 * they happen; queue, outbox and download figures are read when Prometheus scrapes, so they are
 * right on every replica without coordination.
 */
@Injectable()
export class MetricsService {
  private readonly logger = new Logger(MetricsService.name);
  readonly registry = programRegistry('outils_api_');
  private readonly requests: TimedEvents<'method' | 'route' | 'status'>;
  private readonly requestLabels = new Map<string, Record<'method' | 'route' | 'status', string>>();

  constructor(
    private readonly repository: MetricsRepository,
    @InjectQueue(Queues.mail) mail: Queue,
    @InjectQueue(Queues.newsletter) newsletter: Queue,
    @InjectQueue(Queues.housekeeping) housekeeping: Queue,
    @InjectQueue(Queues.files) files: Queue,
  ) {
    const registers = [this.registry];
    this.requests = timedEvents(this.registry, {
      labelNames: ['method', 'route', 'status'],
      count: { name: 'outils_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.' },
      duration: {
        name: 'outils_http_request_duration_seconds',
        help: 'Time to answer an HTTP request, by method, route pattern and status.',
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      },
    });

    const queues = [mail, newsletter, housekeeping, files];
    const log = this.logger;
    new Gauge({
      name: 'outils_queue_jobs',
      help: 'Jobs in each BullMQ queue by state, read at scrape time.',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const queue of queues) {
          try {
            const counts = await queue.getJobCounts(...QUEUE_STATES);
            for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
          } catch (error) {
            log.warn(`Queue ${queue.name} not measured: ${(error as Error).message}`);
          }
        }
      },
    });

    registerOutboxGauges(registers, () => repository.outboxPending());
    // docs/product/rules.md#R899: an upload still open long after its request is a file descriptor held.
    new Counter({
      name: 'outils_uploads_started_total',
      help: 'Multipart uploads this process started reading.',
      registers,
      collect() {
        this.reset();
        this.inc(uploadFigures().started);
      },
    });
    new Gauge({
      name: 'outils_uploads_open',
      help: 'Uploads being read, or whose temporary files are not yet closed and removed.',
      registers,
      collect() {
        this.set(uploadFigures().open);
      },
    });
    new Gauge({
      name: 'outils_downloads_recorded',
      help: 'Tool downloads counted since the start (sum of the per-tool counters).',
      registers,
      async collect() {
        this.set(await repository.downloadsRecorded());
      },
    });
  }

  /**
   * Called by the HTTP middleware once a response is finished. The labels of a (method, route,
   * status) are built once and reused: a request allocates no metric object of its own. Routes
   * are patterns, so the combinations are few; bounded all the same.
   */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let labels = this.requestLabels.get(key);
    if (!labels) {
      labels = { method, route, status: String(status) };
      if (this.requestLabels.size < 1_000) this.requestLabels.set(key, labels);
    }
    this.requests.record(labels, seconds);
  }

  scrape(): Promise<string> {
    return this.registry.metrics();
  }
}
