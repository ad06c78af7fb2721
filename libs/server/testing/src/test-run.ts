import Redis from 'ioredis';
import { createTestDatabase, TestDatabase } from '@outils/server-db/testing';

const KEY = '__OUTILS_TEST_DB__';

/**
 * jest globalSetup of a server project: one fresh, migrated database and one Redis prefix for
 * the whole run (docs/product/rules.md#R230). Test files read TEST_DATABASE_URL and TEST_REDIS_PREFIX.
 */
export async function setupTestRun(label: string): Promise<void> {
  const db = await createTestDatabase(label);
  process.env.TEST_DATABASE_URL = db.url;
  process.env.TEST_DATABASE_NAME = db.name;
  process.env.TEST_REDIS_PREFIX = `test-${label}-${Date.now().toString(36)}-${process.pid}`;
  (globalThis as Record<string, unknown>)[KEY] = db;
}

/** jest globalTeardown: drops the run's database and deletes its Redis keys. */
export async function teardownTestRun(): Promise<void> {
  const db = (globalThis as Record<string, unknown>)[KEY] as TestDatabase | undefined;
  await db?.drop();
  const prefix = process.env.TEST_REDIS_PREFIX;
  if (!prefix) return;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
