import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { freePort, SmtpCatcher, startSmtpCatcher } from '@outils/server-testing';
// Test-only cross-app import: the real API next to the real worker.
import { createTestApp, TestApp } from '../../../api/test/setup/test-app';
import { startTestWorker } from './test-worker';

export interface ApiAndWorker {
  readonly api: TestApp;
  readonly worker: INestApplicationContext;
  /** The worker's connection to this run's database. */
  readonly dataSource: DataSource;
  /** The SMTP catcher the worker mails to. */
  readonly smtp: SmtpCatcher;
}

/**
 * The real API next to the real worker for one suite: one Redis prefix of the suite's own, one
 * storage (the file the worker stores is the one the API serves), the worker mailing an SMTP
 * catcher unless told otherwise. Started before the suite's first test (hooks declared after this
 * call see them started), closed after its last.
 */
export function useApiAndWorker(
  name: string,
  options: { smtp?: boolean; workerEnv?: () => Record<string, string> } = {},
): ApiAndWorker {
  const prefix = `${process.env.TEST_REDIS_PREFIX}:${name}`;
  let smtp: SmtpCatcher | undefined;
  let api: TestApp | undefined;
  let worker: INestApplicationContext | undefined;
  beforeAll(async () => {
    if (options.smtp !== false) smtp = await startSmtpCatcher();
    api = await createTestApp({ REDIS_PREFIX: prefix, RATE_LIMIT_ENABLED: 'false' });
    worker = await startTestWorker({
      ...options.workerEnv?.(),
      REDIS_PREFIX: prefix,
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
      WORKER_HTTP_PORT: String(await freePort()),
      STORAGE_DIR: api.config.storage.dir,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await smtp?.close();
  });
  const live = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The suite’s ${what} is read before its beforeAll hook has started it.`);
    return value;
  };
  return {
    get api() { return live(api, 'API'); },
    get worker() { return live(worker, 'worker'); },
    get dataSource() { return live(worker, 'worker').get(DataSource); },
    get smtp() { return live(smtp, 'SMTP catcher'); },
  };
}
