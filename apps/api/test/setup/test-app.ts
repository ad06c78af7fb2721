import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '@outils/server-config';
import { createApp } from '../../src/app.factory';
import { CatalogueReadModel } from '../../src/modules/tools/read-model/catalogue-read-model';

export interface TestApp {
  app: INestApplication;
  /** The HTTP server for supertest: `request(t.http)`. */
  http: ReturnType<INestApplication['getHttpServer']>;
  config: Readonly<AppConfig>;
  dataSource: DataSource;
  close(): Promise<void>;
}

let apps = 0;

/**
 * The test run's configuration: its own database, mail to a local SMTP, and a Redis prefix of
 * its own under the run's (so that each app's rate-limit counters start at zero; the global
 * teardown removes them all).
 */
export function testConfig(overrides: Record<string, string> = {}): Readonly<AppConfig> {
  apps += 1;
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX}:app-${apps}-${process.pid}`,
    STORAGE_DIR: `tmp/test-storage/${process.env.TEST_DATABASE_NAME}`,
    API_URL: 'http://127.0.0.1:3999',
    WEB_URL: 'http://localhost:4299',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...overrides,
  });
}

/** The real application (real PostgreSQL and Redis) behind supertest. */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  // Tests seed with SQL and read at once: each request first waits until this instance's
  // catalogue read model has applied every write committed before it (a barrier notification),
  // before any layer, the kept reads' included, may answer it.
  // That writes reach every instance by themselves is proven by catalogue-read-model.int-spec.ts.
  const app = await createApp(config, {
    first: (created) => {
      const readModel = created.get(CatalogueReadModel);
      return (_req: unknown, _res: unknown, next: (error?: unknown) => void) => {
        readModel.sync().then(() => next(), next);
      };
    },
  });
  await app.init();
  return {
    app,
    http: app.getHttpServer(),
    config,
    dataSource: app.get(DataSource),
    close: () => app.close(),
  };
}
