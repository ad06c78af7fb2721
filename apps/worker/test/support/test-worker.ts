import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig, loadConfig } from '@outils/server-config';
import { WorkerModule } from '../../src/worker.module';

/** The API test configuration's web address: the links the worker mails point there. */
export const TEST_WEB_URL = 'http://localhost:4299';

/** The worker's configuration in tests: this run's database and Redis, an unreachable SMTP unless told. */
export function workerTestConfig(extra: Record<string, string> = {}): Readonly<AppConfig> {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: process.env.TEST_REDIS_PREFIX,
    SMTP_URL: 'smtp://127.0.0.1:1',
    WEB_URL: TEST_WEB_URL,
    LOG_LEVEL: 'silent',
    ...extra,
  });
}

/** The real worker (outbox relay, queues, handlers), started on the test configuration plus `extra`. */
export async function startTestWorker(extra: Record<string, string>): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(workerTestConfig(extra)), { logger: false });
  await worker.init();
  return worker;
}
