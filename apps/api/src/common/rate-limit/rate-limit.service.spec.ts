import Redis from 'ioredis';
import { loadConfig } from '@outils/server-config';
import { redisConnectionOptions } from '@outils/server-jobs';
import { TooManyRequestsError } from '../errors/domain-error';
import { RateLimitService } from './rate-limit.service';
import type { RateLimitRule } from './rate-limit.types';

const rule: RateLimitRule = { name: 'essai', perIp: { points: 3, durationSeconds: 60 }, perAddress: { points: 2, durationSeconds: 60 } };

function service(redis: Redis, enabled = true) {
  return new RateLimitService(redis, loadConfig({ NODE_ENV: 'test', RATE_LIMIT_ENABLED: String(enabled) }));
}

async function outcomes(limits: RateLimitService, subjects: Array<{ ip?: string; address?: string }>) {
  const results: Array<'ok' | number> = [];
  for (const subject of subjects) {
    try {
      await limits.consume(rule, subject);
      results.push('ok');
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      results.push(error.status);
    }
  }
  return results;
}

describe('RateLimitService', () => {
  describe('on the real Redis', () => {
    let redis: Redis;
    const prefix = `${process.env.TEST_REDIS_PREFIX}:unit-${Date.now()}:`;
    beforeAll(async () => {
      redis = new Redis({ ...redisConnectionOptions(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 'producer'), keyPrefix: prefix });
      await new Promise((resolve) => redis.once('ready', resolve));
    });
    afterAll(() => redis.disconnect());

    it('counts per IP and per address (hashed, case-insensitive), and resets an address', async () => {
      const limits = service(redis);
      expect(await outcomes(limits, [{ ip: '1.1.1.1', address: 'A@x.fr' }, { ip: '1.1.1.2', address: 'a@x.fr' }, { ip: '1.1.1.3', address: 'a@x.fr' }])).toEqual(['ok', 'ok', 429]);
      expect(await outcomes(limits, [{ ip: '9.9.9.9' }, { ip: '9.9.9.9' }, { ip: '9.9.9.9' }, { ip: '9.9.9.9' }])).toEqual(['ok', 'ok', 'ok', 429]);
      await limits.reset(rule, 'a@x.fr');
      expect(await outcomes(limits, [{ address: 'a@x.fr' }])).toEqual(['ok']);
      // The counters live in Redis under the client's prefix, without the address in clear.
      const keys = await redis.keys(`${prefix}*`); // KEYS patterns are not prefixed by ioredis
      expect(keys).toEqual(expect.arrayContaining([`${prefix}rl:essai:ip:9.9.9.9`]));
      expect(keys.join(' ')).not.toContain('x.fr');
    });

    it('does nothing when switched off', async () => {
      expect(await outcomes(service(redis, false), Array(5).fill({ ip: '2.2.2.2' }))).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    });
  });

  describe('with Redis unreachable (decisions §5)', () => {
    let redis: Redis;
    beforeAll(() => {
      redis = new Redis({ ...redisConnectionOptions('redis://127.0.0.1:6390', 'producer'), keyPrefix: 'down:' });
      redis.on('error', () => undefined);
    });
    afterAll(() => redis.disconnect());

    it('answers at once and still limits with the in-process insurance limiter', async () => {
      const limits = service(redis);
      const started = Date.now();
      expect(await outcomes(limits, [{ ip: '3.3.3.3' }, { ip: '3.3.3.3' }, { ip: '3.3.3.3' }, { ip: '3.3.3.3' }])).toEqual(['ok', 'ok', 'ok', 429]);
      expect(Date.now() - started).toBeLessThan(500);
    });
  });
});
