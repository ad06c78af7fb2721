import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { redisConnectionOptions } from '@outils/server-jobs';
import { WorkerMetricsService } from '../metrics/worker-metrics.service';
import { EXPECTED_MIGRATIONS, WorkerHealthRepository } from './worker-health.repository';

type Indicator = { status: 'up' | 'down'; [key: string]: unknown };
export interface HealthReport {
  status: 'ok' | 'error';
  info: Record<string, Indicator>;
  error: Record<string, Indicator>;
  details: Record<string, Indicator>;
}

const TIMEOUT_MS = 1500;

async function check(probe: () => Promise<Record<string, unknown> | void>): Promise<Indicator> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const extra = await Promise.race([
      probe(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS);
      }),
    ]);
    return extra && extra.status === 'down' ? (extra as Indicator) : { status: 'up', ...(extra ?? {}) };
  } catch (error) {
    return { status: 'down', message: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** The worker's `/health` and `/health/ready`, in the same JSON shape as the API's (terminus). */
@Injectable()
export class WorkerHealthService implements OnApplicationShutdown {
  /** Its own fail-fast client: the workers' connection waits for Redis forever by design. */
  private readonly redis: Redis;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repository: WorkerHealthRepository,
    private readonly metrics: WorkerMetricsService,
  ) {
    this.redis = new Redis({ ...redisConnectionOptions(config.redis.url, 'producer'), lazyConnect: true });
    this.redis.on('error', () => undefined); // reported by the checks, not as unhandled events
  }

  /** Liveness: PostgreSQL and Redis. */
  liveness(): Promise<HealthReport> {
    return this.report({
      database: () => this.repository.ping(),
      redis: () => this.pingRedis(),
    });
  }

  /** Readiness: also every migration applied and every queue worker running. */
  readiness(): Promise<HealthReport> {
    return this.report({
      database: () => this.repository.ping(),
      redis: () => this.pingRedis(),
      migrations: async () => {
        const applied = new Set(await this.repository.appliedMigrations());
        const pending = EXPECTED_MIGRATIONS.filter((name) => !applied.has(name));
        return pending.length === 0 ? { applied: applied.size } : { status: 'down', message: 'pending migrations', pending };
      },
      workers: async () => {
        const workers = this.metrics.workerHosts().map((host) => host.worker);
        const stopped = workers.filter((worker) => !worker.isRunning()).map((worker) => worker.name);
        return stopped.length === 0 ? { queues: workers.map((w) => w.name).sort() } : { status: 'down', message: 'workers not running', stopped };
      },
    });
  }

  async onApplicationShutdown() {
    this.redis.disconnect();
  }

  private async pingRedis(): Promise<void> {
    if (this.redis.status === 'wait') await this.redis.connect();
    const pong = await this.redis.ping();
    if (pong !== 'PONG') throw new Error('unexpected reply');
  }

  private async report(checks: Record<string, () => Promise<Record<string, unknown> | void>>): Promise<HealthReport> {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => check(checks[name])));
    const details = Object.fromEntries(names.map((name, i) => [name, results[i]]));
    const pick = (status: 'up' | 'down') => Object.fromEntries(Object.entries(details).filter(([, r]) => r.status === status));
    const error = pick('down');
    return { status: Object.keys(error).length === 0 ? 'ok' : 'error', info: pick('up'), error, details };
  }
}
