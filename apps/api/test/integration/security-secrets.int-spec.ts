import { getQueueToken } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import Redis from 'ioredis';
import request from 'supertest';
import { Queues } from '@outils/server-jobs';
import { waitUntil } from '@outils/server-testing';
import { resetLink } from '../factories/accounts.factory';
import { createTestUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../setup/test-app';

/** Every value stored under `prefix`, whatever the Redis type, as text. */
async function redisValues(redis: Redis, prefix: string): Promise<string[]> {
  const values: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === 'string') values.push(String(await redis.get(key)));
      else if (type === 'hash') values.push(JSON.stringify(await redis.hgetall(key)));
      else if (type === 'list') values.push(JSON.stringify(await redis.lrange(key, 0, -1)));
      else if (type === 'set') values.push(JSON.stringify(await redis.smembers(key)));
      else if (type === 'zset') values.push(JSON.stringify(await redis.zrange(key, 0, -1)));
      else if (type === 'stream') values.push(JSON.stringify(await redis.xrange(key, '-', '+')));
      values.push(key);
    }
  } while (cursor !== '0');
  return values;
}

describe('secrets: no live mail link in Redis (jobs carry the outbox id only)', () => {
  let t: TestApp;
  let redis: Redis;
  const prefix = `${process.env.TEST_REDIS_PREFIX}:secrets-${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_PREFIX: prefix });
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  });
  afterAll(async () => {
    redis.disconnect();
    await t.close();
  });

  it('after a reset request, the queued job holds the outbox id and no Redis value holds the token or the address', async () => {
    const member = await createTestUser(t.dataSource);
    await request(t.http).post('/api/password/send_forgot_email').send({ email: member.email }).expect(200);
    const link = await resetLink(t.dataSource, member.email);
    const [row] = await t.dataSource.query(`SELECT id FROM outbox_message WHERE job_name = 'send-password-reset-mail' ORDER BY id DESC LIMIT 1`);

    const queue = t.app.get<Queue>(getQueueToken(Queues.mail), { strict: false });
    const job: Job = await waitUntil(() => queue.getJob(`outbox-${row.id}`), { timeoutMs: 5000, intervalMs: 50, what: 'the reset job in the queue' });
    expect(job?.data).toEqual({ outboxId: String(row.id) });
    // Failed jobs are kept, but for a bounded time and count.
    expect(job?.opts.removeOnFail).toEqual({ age: expect.any(Number), count: expect.any(Number) });

    const values = await redisValues(redis, `${prefix}:`);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(value).not.toContain(link.token);
      expect(value).not.toContain(member.email);
      expect(value).not.toContain(encodeURIComponent(member.email));
    }
  });
});
