import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { CommonMessages } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { TooManyRequestsError } from '../errors/domain-error';
import { clientNetworkKey } from '../http/client-network';
import { REDIS_CLIENT } from '../../infrastructure/redis.module';
import { DelayService } from './delay.service';
import { RateLimitBudget, RateLimitRule, RateLimitSubject, slowdownDelayMs } from './rate-limit.types';

type Dimension = 'ip' | 'address' | 'address-ip' | 'slowdown';

/** Far above any real count: the slowdown counter only counts, it never refuses. */
const UNCAPPED = 1_000_000;

/**
 * Redis-backed counters shared by every API replica (rate-limiter-flexible on the shared ioredis
 * client, whose key prefix isolates environments and test runs).
 *
 * Redis down must never block nor fail a request (docs/product/rules.md#R159): the limiter does not wait for
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
    private readonly delays: DelayService = new DelayService(),
  ) {
    this.enabled = config.auth.rateLimitEnabled;
  }

  /**
   * Counts one attempt against every budget of `rule`; throws a 429 `TooManyRequestsError`
   * (French message, Retry-After) when one of them is exhausted.
   */
  async consume(rule: RateLimitRule, subject: RateLimitSubject, message: string = CommonMessages.tooManyRequests): Promise<void> {
    if (!this.enabled) return;
    for (const [dimension, key] of this.keys(rule, subject)) {
      const limiter = this.limiter(rule, dimension);
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw new TooManyRequestsError(message, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        }
        // Neither Redis nor the insurance limiter answered: fail open rather than refuse everyone.
        this.logger.warn(`Rate limit ${rule.name} skipped: ${(rejection as Error).message}`);
      }
    }
  }

  /**
   * Whether one more action fits every budget of `rule` (counting it), without refusing the
   * request: for caps whose overflow must look like success, e.g. mails to one mailbox
   * (docs/product/rules.md#R763).
   */
  async allows(rule: RateLimitRule, subject: RateLimitSubject): Promise<boolean> {
    try {
      await this.consume(rule, subject);
      return true;
    } catch (error) {
      if (error instanceof TooManyRequestsError) return false;
      throw error;
    }
  }

  /**
   * The progressive delay of `rule.slowdown` for an address (all IPs together): waits as long
   * as the attempts counted so far ask for, then answers. `count: true` counts this attempt
   * first (each request is one); otherwise `countAttempt` does it after a failure.
   * Returns the delay applied, in ms.
   */
  async slowDown(rule: RateLimitRule, address: string | undefined, options: { count: boolean }): Promise<number> {
    if (!this.enabled || !rule.slowdown || !address) return 0;
    const limiter = this.limiter(rule, 'slowdown');
    let attempts = 0;
    try {
      const res = options.count ? await limiter.consume(hashAddress(address)) : await limiter.get(hashAddress(address));
      attempts = res?.consumedPoints ?? 0;
    } catch (error) {
      this.logger.warn(`Slowdown ${rule.name} skipped: ${(error as Error).message}`);
    }
    const ms = slowdownDelayMs(options.count ? attempts : attempts + 1, rule.slowdown);
    await this.delays.wait(ms);
    return ms;
  }

  /** The failed attempts counted on the address for `rule.slowdown` in its current window (0 when Redis cannot tell). */
  async countedAttempts(rule: RateLimitRule, address: string): Promise<number> {
    if (!this.enabled || !rule.slowdown) return 0;
    try {
      return (await this.limiter(rule, 'slowdown').get(hashAddress(address)))?.consumedPoints ?? 0;
    } catch (error) {
      this.logger.warn(`Attempts of ${rule.name} unknown: ${(error as Error).message}`);
      return 0;
    }
  }

  /** Counts one failed attempt on the address for `rule.slowdown` (login: a wrong password). */
  async countAttempt(rule: RateLimitRule, address: string): Promise<void> {
    if (!this.enabled || !rule.slowdown) return;
    try {
      await this.limiter(rule, 'slowdown').consume(hashAddress(address));
    } catch (error) {
      this.logger.warn(`Slowdown ${rule.name} not counted: ${(error as Error).message}`);
    }
  }

  /** Forgets the address's counters seen from `ip` (the owner's own typos), e.g. after a successful login. */
  async reset(rule: RateLimitRule, address: string, ip?: string): Promise<void> {
    if (!this.enabled) return;
    try {
      if (rule.perAddress) await this.limiter(rule, 'address').delete(hashAddress(address));
      if (rule.perAddressIp && ip) await this.limiter(rule, 'address-ip').delete(addressIpKey(address, ip));
    } catch (error) {
      this.logger.warn(`Rate limit ${rule.name} not reset: ${(error as Error).message}`);
    }
  }

  private keys(rule: RateLimitRule, subject: RateLimitSubject): Array<[Dimension, string]> {
    const keys: Array<[Dimension, string]> = [];
    // An IPv6 client counts by its /64 (docs/product/rules.md#R768).
    if (rule.perIp && subject.ip) keys.push(['ip', clientNetworkKey(subject.ip)]);
    // Addresses are hashed: Redis keys should not hold e-mail addresses in clear.
    if (rule.perAddress && subject.address) keys.push(['address', hashAddress(subject.address)]);
    if (rule.perAddressIp && subject.address && subject.ip) keys.push(['address-ip', addressIpKey(subject.address, subject.ip)]);
    return keys;
  }

  private limiter(rule: RateLimitRule, dimension: Dimension): RateLimiterAbstract {
    const id = `${rule.name}:${dimension}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const budget: RateLimitBudget =
        dimension === 'ip' ? rule.perIp!
        : dimension === 'address' ? rule.perAddress!
        : dimension === 'address-ip' ? rule.perAddressIp!
        : { points: UNCAPPED, durationSeconds: rule.slowdown!.durationSeconds };
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

function addressIpKey(address: string, ip: string): string {
  return `${hashAddress(address)}:${clientNetworkKey(ip)}`;
}
