import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { OutboxDispatcher, OutboxRepository, QueueName } from '@outils/server-jobs';

/**
 * Polls the outbox and hands pending rows to BullMQ. Rows written while Redis was away are
 * sent as soon as it is back (docs/product/rules.md#R167). Several relays may run: rows are taken with
 * `FOR UPDATE SKIP LOCKED`.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  static readonly INTERVAL_MS = 1000;
  private readonly logger = new Logger(OutboxRelayService.name);
  private readonly dispatcher: OutboxDispatcher;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private lastError?: string;

  constructor(outbox: OutboxRepository, moduleRef: ModuleRef) {
    this.dispatcher = new OutboxDispatcher(outbox, (name: QueueName) =>
      moduleRef.get<Queue>(getQueueToken(name), { strict: false }),
    );
  }

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.tick(), OutboxRelayService.INTERVAL_MS);
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; drains in batches of 100. Returns how many rows were handed over. */
  async tick(): Promise<number> {
    if (this.running) return 0;
    let total = 0;
    this.running = (async () => {
      try {
        for (let n = await this.dispatcher.dispatch({ limit: 100 }); n > 0; n = await this.dispatcher.dispatch({ limit: 100 })) {
          total += n;
        }
        if (this.lastError) this.logger.log('Outbox relay back to normal');
        this.lastError = undefined;
      } catch (error) {
        const message = (error as Error).message;
        if (message !== this.lastError) this.logger.warn(`Outbox relay waiting: ${message}`);
        this.lastError = message;
      }
    })();
    await this.running;
    this.running = undefined;
    return total;
  }
}
