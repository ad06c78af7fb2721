// @ts-check
// @ts-check
// Makes sure the tests have a PostgreSQL and a Redis to talk to (docs/product/rules.md#R164,
// docs/product/rules.md#R165): the ones given by DATABASE_URL / REDIS_URL, else the local defaults
// when they answer. Otherwise it stops with a message saying what to start.
import { portAnswers } from '../lib/ports.mjs';

export async function ensureServices() {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const db = new URL(databaseUrl);
  const redis = new URL(redisUrl);
  const missing = [];
  if (!(await portAnswers(db.hostname, Number(db.port || 5432), 1000))) missing.push(`PostgreSQL (${db.host}) — set DATABASE_URL or start PostgreSQL`);
  if (!(await portAnswers(redis.hostname, Number(redis.port || 6379), 1000))) missing.push(`Redis (${redis.host}) — set REDIS_URL or start redis-server`);
  if (missing.length) {
    console.error(`Tests need a running PostgreSQL and Redis:\n  - ${missing.join('\n  - ')}`);
    process.exit(1);
  }
  return { TEST_DATABASE_ADMIN_URL: databaseUrl, REDIS_URL: redisUrl };
}
