import type { ConnectionOptions } from 'bullmq';
import type { RedisOptions } from 'ioredis';

/**
 * Connection options for BullMQ. Producers fail fast when Redis is away (the outbox keeps the
 * job and the relay retries); workers wait for Redis as long as it takes.
 */
export function redisConnectionOptions(url: string, role: 'producer' | 'worker'): RedisOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: role === 'worker' ? null : 1,
    enableOfflineQueue: role === 'worker',
    connectTimeout: 3000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  };
}

/**
 * The same options typed for BullMQ, whose own `RedisOptions` interface is narrower than
 * ioredis' one although BullMQ hands them to ioredis unchanged.
 */
export function bullConnectionOptions(url: string, role: 'producer' | 'worker'): ConnectionOptions {
  return redisConnectionOptions(url, role) as ConnectionOptions;
}
