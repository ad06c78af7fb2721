import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, QueueEvents } from 'bullmq';
import { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '@outils/server-config';
import { Queues, bullConnectionOptions } from '@outils/server-jobs';
import { freePort } from '@outils/server-testing';
import { HOUSEKEEPING_SCHEDULES, HousekeepingScheduler } from '../src/housekeeping/housekeeping.scheduler';
import { WorkerHttpServer } from '../src/http/worker-http.server';
import { WorkerModule } from '../src/worker.module';

async function startWorker(overrides: Record<string, string> = {}) {
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: process.env.TEST_REDIS_PREFIX,
    SMTP_URL: 'smtp://127.0.0.1:9',
    LOG_LEVEL: 'silent',
    WORKER_HTTP_PORT: String(port),
    ...overrides,
  });
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  worker.enableShutdownHooks();
  await worker.init();
  const address = await worker.get(WorkerHttpServer).listen();
  return { worker, config, address, base: `http://127.0.0.1:${port}` };
}

describe('worker HTTP port, metrics and scheduled housekeeping (real PostgreSQL and Redis)', () => {
  let worker: INestApplicationContext;
  let config: Readonly<AppConfig>;
  let base: string;

  beforeAll(async () => {
    ({ worker, config, base } = await startWorker());
  });
  afterAll(async () => {
    await worker?.close();
  });

  it('listens on loopback only when no metrics token is set', async () => {
    const other = await startWorker();
    try {
      expect(other.address.address).toBe('127.0.0.1');
    } finally {
      await other.worker.close();
    }
  });

  it('answers /health with the database and redis keys', async () => {
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('answers /health/ready once migrations are applied and every queue has a running worker', async () => {
    const res = await fetch(`${base}/health/ready`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('ok');
    expect(body.info.migrations.status).toBe('up');
    expect(body.info.workers.queues).toEqual(expect.arrayContaining(['housekeeping', 'mail', 'newsletter']));
  });

  it('answers other paths and methods with French JSON', async () => {
    expect(await (await fetch(`${base}/nope`)).json()).toEqual({ message: 'Cette adresse n’existe pas.' });
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
    const proxied = await fetch(`${base}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
    expect((await proxied.json()).message).toMatch(/métriques/);
  });

  it('schedules the housekeeping jobs once, however many replicas start', async () => {
    await worker.get(HousekeepingScheduler).schedule();
    await worker.get(HousekeepingScheduler).schedule();
    const queue = worker.get<Queue>(getQueueToken(Queues.housekeeping), { strict: false });
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key).sort()).toEqual(HOUSEKEEPING_SCHEDULES.map((s) => s.name).sort());
    expect(schedulers.find((s) => s.key === 'report-stale-outbox')?.every).toBe(300_000);
    expect(schedulers.find((s) => s.key === 'purge-expired-tokens')).toMatchObject({ pattern: '10 3 * * *', tz: 'Europe/Paris' });
  });

  it('runs a housekeeping job from the queue and shows its outcome and the outbox on /metrics', async () => {
    const db = worker.get(DataSource);
    const [row] = await db.query(
      `INSERT INTO outbox_message (job_name, payload, created_at, dispatched_at) VALUES ('send-activation-mail', '{}', now() - interval '10 minutes', now()) RETURNING id`,
    );
    const queue = worker.get<Queue>(getQueueToken(Queues.housekeeping), { strict: false });
    const events = new QueueEvents(Queues.housekeeping, {
      // bullmq 6's connection type does not accept ioredis' RedisOptions as libs/server/jobs builds them (types only).
      connection: bullConnectionOptions(config.redis.url, 'worker'),
      prefix: config.redis.prefix,
    });
    try {
      await events.waitUntilReady();
      const job = await queue.add('report-stale-outbox', {});
      expect(await job.waitUntilFinished(events, 10_000)).toEqual({ pending: 0, unsent: 1 });
    } finally {
      await events.close();
      await db.query(`DELETE FROM outbox_message WHERE id = $1`, [row.id]);
    }

    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/outils_worker_jobs_total\{queue="housekeeping",name="report-stale-outbox",outcome="completed"\} [1-9]/);
    expect(text).toMatch(/outils_worker_job_duration_seconds_count\{queue="housekeeping",name="report-stale-outbox",outcome="completed"\} [1-9]/);
    expect(text).toContain('outils_outbox_stale_messages{state="unsent"} 1');
    expect(text).toMatch(/^outils_outbox_pending \d+/m);
    expect(text).toMatch(/^outils_outbox_oldest_pending_age_seconds [\d.]+/m);
  });
});

describe('worker HTTP port with METRICS_TOKEN', () => {
  it('listens on every interface and requires the bearer token for /metrics', async () => {
    const { worker, address, base } = await startWorker({ METRICS_TOKEN: 'jeton-worker-de-test' });
    try {
      expect(address.address).toBe('0.0.0.0');
      expect((await fetch(`${base}/metrics`)).status).toBe(403);
      expect((await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer autre' } })).status).toBe(403);
      expect((await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer jeton-worker-de-test' } })).status).toBe(200);
      expect((await fetch(`${base}/health`)).status).toBe(200);
    } finally {
      await worker.close();
    }
  });
});
