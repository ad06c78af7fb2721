import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Global, Inject, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { OutboxDispatcher, OutboxModule, OutboxRepository, QueueName, Queues, bullConnectionOptions } from '@outils/server-jobs';
import { REDIS_CLIENT } from './redis.module';

/** BullMQ's add() waits for a connection; the dispatch transaction must not wait with it. */
const ADD_TIMEOUT_MS = 3000;

/**
 * The API's side of the outbox: services write rows in their transaction with
 * `OutboxRepository.enqueue`, then call `dispatchSoon()` so that the mail leaves at once when
 * Redis is there. When it is not, the worker's relay picks the rows up later
 * (docs/product/rules.md#R167).
 */
@Injectable()
export class OutboxService {
  private readonly logger = new Logger(OutboxService.name);
  private readonly dispatcher: OutboxDispatcher;

  constructor(
    outbox: OutboxRepository,
    moduleRef: ModuleRef,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {
    this.dispatcher = new OutboxDispatcher(outbox, (name: QueueName) => {
      const queue = moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      // On timeout the transaction rolls back and the row stays pending; should the add still
      // land later, the fixed job id and the handlers' sent_at check keep it to one mail.
      const add = (...args: Parameters<Queue['add']>) =>
        Promise.race([
          queue.add(...args),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('queue add timed out')), ADD_TIMEOUT_MS).unref()),
        ]);
      return { add } as unknown as Queue;
    });
  }

  /** Best effort, after commit; never fails the request. */
  dispatchSoon(ids: string[]): void {
    if (ids.length === 0) return;
    // Redis away: BullMQ would wait for it while holding a DB connection and the rows' locks,
    // so leave the rows to the worker's relay (docs/product/rules.md#R167).
    if (this.redis.status !== 'ready') {
      this.logger.warn('Outbox dispatch deferred to the relay: Redis is not connected');
      return;
    }
    this.dispatcher.dispatch({ ids }).catch((error: Error) => {
      this.logger.warn(`Outbox dispatch deferred to the relay: ${error.message}`);
    });
  }
}

/**
 * Without an 'error' listener BullMQ prints every failed reconnection while Redis is away;
 * log it once per outage instead.
 */
@Injectable()
class QueueErrorLogger implements OnApplicationBootstrap {
  private readonly logger = new Logger('Queues');
  private readonly down = new Set<string>();

  constructor(private readonly moduleRef: ModuleRef) {}

  onApplicationBootstrap() {
    for (const name of Object.values(Queues)) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      queue.on('error', (error: Error) => {
        if (this.down.has(name)) return;
        this.down.add(name);
        this.logger.warn(`Queue ${name} cannot reach Redis: ${error.message}`);
      });
      void queue.waitUntilReady().then(() => this.down.delete(name), () => undefined);
    }
  }
}

@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: bullConnectionOptions(config.redis.url, 'producer'),
        prefix: config.redis.prefix,
      }),
    }),
    BullModule.registerQueue({ name: Queues.mail }, { name: Queues.newsletter }, { name: Queues.housekeeping }, { name: Queues.files }),
    OutboxModule,
  ],
  providers: [OutboxService, QueueErrorLogger],
  exports: [BullModule, OutboxService],
})
export class QueueModule {}
