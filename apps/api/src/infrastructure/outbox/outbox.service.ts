import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { afterCommit, Transaction } from '@outils/server-db';
import { Job, OutboxDispatcher, OutboxRepository, QueueName } from '@outils/server-jobs';
import { REDIS_CLIENT } from '../redis.module';

/** BullMQ's add() waits for a connection; the dispatch transaction must not wait with it. */
const ADD_TIMEOUT_MS = 3000;

/**
 * The API's one way to start background work (docs/product/rules.md#R167, #R882): `enqueue`
 * records the job as an outbox row inside the caller's transaction, and once that transaction
 * commits hands the transaction's rows to their queues — at once when Redis is there. When it is
 * not, or the hand-over fails, the worker's relay picks the rows up later; nothing is lost.
 */
@Injectable()
export class OutboxService {
  private readonly logger = new Logger(OutboxService.name);
  private readonly dispatcher: OutboxDispatcher;
  /** The rows each open transaction recorded, handed over together after its commit. */
  private readonly batches = new WeakMap<Transaction, string[]>();

  constructor(
    private readonly rows: OutboxRepository,
    moduleRef: ModuleRef,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {
    this.dispatcher = new OutboxDispatcher(rows, (name: QueueName) => {
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

  /**
   * Records `job` in the caller's transaction (it exists if and only if the change commits) and
   * dispatches it after the commit. Answers the outbox row's id.
   */
  async enqueue(tx: Transaction, job: Job): Promise<string> {
    const row = await this.rows.enqueue(tx, job);
    const batch = this.batches.get(tx);
    if (batch) batch.push(row.id);
    else {
      const ids = [row.id];
      this.batches.set(tx, ids);
      afterCommit(tx, () => this.dispatchSoon(ids));
    }
    return row.id;
  }

  /** Best effort, after commit; never fails the request. */
  private dispatchSoon(ids: string[]): void {
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
