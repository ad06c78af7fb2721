import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Global, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { Queues, bullConnectionOptions } from '@outils/server-jobs';

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
  ],
  providers: [QueueErrorLogger],
  exports: [BullModule],
})
export class QueueModule {}
