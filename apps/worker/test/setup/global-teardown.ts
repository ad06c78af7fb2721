import Redis from 'ioredis';
import type { TestDatabase } from '@outils/server-db';

export default async function globalTeardown() {
  const db = (globalThis as Record<string, unknown>).__OUTILS_TEST_DB__ as TestDatabase | undefined;
  await db?.drop();
  const prefix = process.env.TEST_REDIS_PREFIX;
  if (prefix) {
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
}
