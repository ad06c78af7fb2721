import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { CommonMessages } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { TooManyRequestsError } from '../errors/domain-error';
import { REDIS_CLIENT } from '../../infrastructure/redis.module';
import type { RateLimitBudget, RateLimitRule, RateLimitSubject } from './rate-limit.types';

type Dimension = 'ip' | 'address';

/**
 * Redis-backed counters shared by every API replica (rate-limiter-flexible on the shared ioredis
 * client, whose key prefix isolates environments and test runs).
 *
 * Redis down must never block nor fail a request (decisions §5): the limiter does not wait for
 * a connection (`rejectIfRedisNotReady`) and falls back to an in-process limiter with the same
 * budget (`insuranceLimiter`), so limits still hold per replica during the outage.
 */
@Injectable()
export class RateLimitService {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private readonly enabled: boolean;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.enabled = config.auth.rateLimitEnabled;
  }

  /**
   * Counts one attempt against every budget of `rule`; throws a 429 `TooManyRequestsError`
   * (French message, Retry-After) when one of them is exhausted.
   */
  async consume(rule: RateLimitRule, subject: RateLimitSubject): Promise<void> {
    if (!this.enabled) return;
    for (const [dimension, key] of this.keys(rule, subject)) {
      const limiter = this.limiter(rule, dimension);
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw new TooManyRequestsError(CommonMessages.tooManyRequests, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        }
        // Neither Redis nor the insurance limiter answered: fail open rather than refuse everyone.
        this.logger.warn(`Rate limit ${rule.name} skipped: ${(rejection as Error).message}`);
      }
    }
  }

  /** Forgets the address counter, e.g. after a successful login. */
  async reset(rule: RateLimitRule, address: string): Promise<void> {
    if (!this.enabled || !rule.perAddress) return;
    try {
      await this.limiter(rule, 'address').delete(hashAddress(address));
    } catch (error) {
      this.logger.warn(`Rate limit ${rule.name} not reset: ${(error as Error).message}`);
    }
  }

  private keys(rule: RateLimitRule, subject: RateLimitSubject): Array<[Dimension, string]> {
    const keys: Array<[Dimension, string]> = [];
    if (rule.perIp && subject.ip) keys.push(['ip', subject.ip]);
    // Addresses are hashed: Redis keys should not hold e-mail addresses in clear.
    if (rule.perAddress && subject.address) keys.push(['address', hashAddress(subject.address)]);
    return keys;
  }

  private limiter(rule: RateLimitRule, dimension: Dimension): RateLimiterAbstract {
    const id = `${rule.name}:${dimension}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const budget = (dimension === 'ip' ? rule.perIp : rule.perAddress) as RateLimitBudget;
      const options = { keyPrefix: `rl:${id}`, points: budget.points, duration: budget.durationSeconds };
      limiter = new RateLimiterRedis({
        ...options,
        storeClient: this.redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

function hashAddress(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase(), 'utf8').digest('hex').slice(0, 32);
}
