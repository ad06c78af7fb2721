import Redis from 'ioredis';
import { loadConfig } from '@outils/server-config';
import { redisConnectionOptions } from '@outils/server-jobs';
import { TooManyRequestsError } from '../errors/domain-error';
import { RateLimitService } from './rate-limit.service';
import { DelayService } from './delay.service';
import { RateLimitRule, slowdownDelayMs } from './rate-limit.types';

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

describe('slowdownDelayMs', () => {
  it('is 0 up to the ceiling, then doubles every few attempts up to its maximum', () => {
    const budget = { afterPoints: 30, durationSeconds: 900, firstDelayMs: 500, doublingEvery: 5, maxDelayMs: 10_000 };
    expect([1, 30, 31, 35, 36, 41, 46, 51, 56, 500].map((n) => slowdownDelayMs(n, budget))).toEqual([0, 0, 500, 500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});

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

    it('keys the tight budget on (address, IP): one IP exhausting it leaves the address open from another', async () => {
      const pair: RateLimitRule = { name: 'paire', perAddressIp: { points: 2, durationSeconds: 60 } };
      const limits = service(redis);
      const attempts = async (subjects: Array<{ ip: string; address: string }>) => {
        const out: Array<'ok' | number> = [];
        for (const s of subjects) {
          try {
            await limits.consume(pair, s);
            out.push('ok');
          } catch (error) {
            out.push((error as TooManyRequestsError).status);
          }
        }
        return out;
      };
      const a = { ip: '5.5.5.5', address: 'cible@x.fr' };
      expect(await attempts([a, a, a])).toEqual(['ok', 'ok', 429]);
      expect(await attempts([{ ip: '6.6.6.6', address: 'cible@x.fr' }])).toEqual(['ok']);
      await limits.reset(pair, 'cible@x.fr', '5.5.5.5');
      expect(await attempts([a])).toEqual(['ok']);
    });

    it('slows an address down past its ceiling, progressively, without ever refusing', async () => {
      const rule: RateLimitRule = { name: 'lent', slowdown: { afterPoints: 2, durationSeconds: 60, firstDelayMs: 100, doublingEvery: 2, maxDelayMs: 350 } };
      const waits: number[] = [];
      const limits = new RateLimitService(redis, loadConfig({ NODE_ENV: 'test' }), { wait: async (ms: number) => void waits.push(ms) } as DelayService);
      for (let i = 0; i < 8; i += 1) await limits.slowDown(rule, 'Visee@x.fr', { count: true });
      expect(waits).toEqual([0, 0, 100, 100, 200, 200, 350, 350]);
      // Counting failures only: the next attempt is the 9th.
      await limits.slowDown(rule, 'visee@x.fr', { count: false });
      expect(waits.at(-1)).toBe(350);
    });

    it('does nothing when switched off', async () => {
      expect(await outcomes(service(redis, false), Array(5).fill({ ip: '2.2.2.2' }))).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    });
  });

  describe('with Redis unreachable (docs/product/rules.md#R159)', () => {
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
