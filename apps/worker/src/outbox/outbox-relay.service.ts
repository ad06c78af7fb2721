import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { OutboxDispatcher, OutboxRepository, QueueName } from '@outils/server-jobs';
import { WorkerMetricsService } from '../metrics/worker-metrics.service';

/**
 * Polls the outbox and hands pending rows to BullMQ. Rows written while Redis was away are
 * sent as soon as it is back (docs/product/rules.md#R167). Several relays may run: rows are taken with
 * `FOR UPDATE SKIP LOCKED`. Once a minute, rows handed over 15 minutes ago and still unsent are
 * made pending again, three times at most (docs/product/rules.md#R883): a Redis that lost its
 * jobs loses no mail, and delivery is at least once. This timer is the process's own, not a
 * queued job, since the queues are what may have been lost.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  static readonly INTERVAL_MS = 1000;
  static readonly SWEEP_INTERVAL_MS = 60_000;
  /** A job still retrying has used its 8 attempts (about 4 minutes of backoff) well before this. */
  static readonly UNSENT_AFTER_SECONDS = 15 * 60;
  static readonly MAX_HANDOVERS = 3;
  private readonly logger = new Logger(OutboxRelayService.name);
  private readonly dispatcher: OutboxDispatcher;
  private timer?: NodeJS.Timeout;
  private sweepTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private lastError?: string;

  constructor(
    private readonly outbox: OutboxRepository,
    moduleRef: ModuleRef,
    private readonly metrics: WorkerMetricsService,
  ) {
    this.dispatcher = new OutboxDispatcher(outbox, (name: QueueName) =>
      moduleRef.get<Queue>(getQueueToken(name), { strict: false }),
    );
  }

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.tick(), OutboxRelayService.INTERVAL_MS);
    this.sweepTimer = setInterval(() => void this.handOverAgain().catch(() => undefined), OutboxRelayService.SWEEP_INTERVAL_MS);
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    clearInterval(this.sweepTimer);
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

  /** Makes the rows the queue may have lost pending again; the next tick hands them over. */
  async handOverAgain(): Promise<number> {
    const again = await this.outbox.handOverAgain(OutboxRelayService.UNSENT_AFTER_SECONDS, OutboxRelayService.MAX_HANDOVERS);
    if (again > 0) {
      this.logger.warn(`${again} outbox row(s) still unsent 15 minutes after their hand-over: handed over again`);
      this.metrics.countHandedOverAgain(again);
    }
    return again;
  }
}
