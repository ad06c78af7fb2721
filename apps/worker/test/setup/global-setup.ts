import { createTestDatabase } from '@outils/server-db';

/**
 * One fresh, migrated database and one Redis prefix for the whole run of this project's tests
 * (decisions §1). Test files read them from the environment.
 */
export default async function globalSetup() {
  const db = await createTestDatabase('worker');
  process.env.TEST_DATABASE_URL = db.url;
  process.env.TEST_DATABASE_NAME = db.name;
  process.env.TEST_REDIS_PREFIX = `test-worker-${Date.now().toString(36)}-${process.pid}`;
  (globalThis as Record<string, unknown>).__OUTILS_TEST_DB__ = db;
}
