import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Global, Injectable, Logger, Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { OutboxDispatcher, OutboxRepository, QueueName, Queues, redisConnectionOptions } from '@outils/server-jobs';

/**
 * The API's side of the outbox: services write rows in their transaction, then call
 * `dispatchSoon()` so that the mail leaves at once when Redis is there. When it is not, the
 * worker's relay picks the rows up later (decisions §5).
 */
@Injectable()
export class OutboxService {
  private readonly logger = new Logger(OutboxService.name);
  readonly repository: OutboxRepository;
  private readonly dispatcher: OutboxDispatcher;

  constructor(@InjectDataSource() dataSource: DataSource, moduleRef: ModuleRef) {
    this.repository = new OutboxRepository(dataSource);
    this.dispatcher = new OutboxDispatcher(this.repository, (name: QueueName) =>
      moduleRef.get<Queue>(getQueueToken(name), { strict: false }),
    );
  }

  /** Best effort, after commit; never fails the request. */
  dispatchSoon(ids: string[]): void {
    if (ids.length === 0) return;
    this.dispatcher.dispatch({ ids }).catch((error: Error) => {
      this.logger.warn(`Outbox dispatch deferred to the relay: ${error.message}`);
    });
  }
}

@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: redisConnectionOptions(config.redis.url, 'producer'),
        prefix: config.redis.prefix,
      }),
    }),
    BullModule.registerQueue({ name: Queues.mail }, { name: Queues.newsletter }, { name: Queues.housekeeping }),
  ],
  providers: [OutboxService],
  exports: [BullModule, OutboxService],
})
export class QueueModule {}
