import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { managerOf, OutboxMessageEntity, Transaction } from '@outils/server-db';
import type { Job } from './job-types';

/** Outbox rows not yet handed to a queue: how many, and the oldest one's age (0 when none). */
export interface OutboxPendingStats {
  count: number;
  oldestAgeSeconds: number;
}

/**
 * Persistence of the transactional outbox (docs/product/rules.md#R167), one provider for the API, the worker
 * and the CLI: Nest injects it through `OutboxModule`; the CLI builds it on its own data source.
 */
@Injectable()
export class OutboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records a job inside the caller's transaction: it exists if and only if the change commits. */
  async enqueue(tx: Transaction, job: Job): Promise<OutboxMessageEntity> {
    const em = managerOf(tx);
    return em.getRepository(OutboxMessageEntity).save(
      em.getRepository(OutboxMessageEntity).create({ jobName: job.name, payload: job.data as Record<string, unknown> }),
    );
  }

  /**
   * Hands pending rows to `dispatch` under `FOR UPDATE SKIP LOCKED`, so several relays (API
   * replicas, worker replicas) never take the same row; rows are marked dispatched only when
   * `dispatch` succeeded, otherwise the transaction rolls back and they stay pending.
   */
  async dispatchPending(
    dispatch: (rows: OutboxMessageEntity[]) => Promise<void>,
    options: { limit?: number; ids?: string[] } = {},
  ): Promise<number> {
    return this.dataSource.transaction(async (em) => {
      const qb = em
        .getRepository(OutboxMessageEntity)
        .createQueryBuilder('o')
        .where('o.dispatched_at IS NULL')
        .orderBy('o.id', 'ASC')
        .limit(options.limit ?? 100)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked');
      if (options.ids?.length) qb.andWhere('o.id IN (:...ids)', { ids: options.ids });
      const rows = await qb.getMany();
      if (rows.length === 0) return 0;
      await dispatch(rows);
      await em.update(OutboxMessageEntity, rows.map((r) => r.id), { dispatchedAt: () => 'now()' } as never);
      return rows.length;
    });
  }

  async findById(id: string): Promise<OutboxMessageEntity | null> {
    return this.dataSource.getRepository(OutboxMessageEntity).findOneBy({ id });
  }

  /** Marks the row sent (once) and drops secrets such as link tokens from its payload. */
  async markSent(id: string, redactedPayload?: Record<string, unknown>): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(OutboxMessageEntity)
      .update({ id, sentAt: IsNull() }, { sentAt: new Date(), ...(redactedPayload ? { payload: redactedPayload as never } : {}) });
    return (result.affected ?? 0) > 0;
  }

  async recordFailure(id: string, error: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(OutboxMessageEntity)
      .set({ attempts: () => 'attempts + 1', lastError: error.slice(0, 2000) })
      .where('id = :id', { id })
      .execute();
  }

  /** Rows not yet handed to the queue: count and age of the oldest, for metrics and alerts. */
  async pendingStats(): Promise<OutboxPendingStats> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS count, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float AS age
         FROM outbox_message WHERE dispatched_at IS NULL`,
    );
    return { count: row.count, oldestAgeSeconds: row.age };
  }

  /**
   * Makes pending again the rows handed to a queue more than `olderThanSeconds` ago and still
   * unsent — the queue may have lost them (a Redis restarted without persistence) —, at most
   * `maxHandovers` times per row (docs/product/rules.md#R883). Answers how many; the relay
   * hands them over again (same job id: a job still in the queue is not duplicated).
   */
  async handOverAgain(olderThanSeconds: number, maxHandovers: number): Promise<number> {
    const [row] = await this.dataSource.query(
      `WITH again AS (
         UPDATE outbox_message SET dispatched_at = NULL, handovers = handovers + 1
          WHERE sent_at IS NULL AND dispatched_at IS NOT NULL AND dispatched_at < now() - make_interval(secs => $1) AND handovers < $2
          RETURNING id)
       SELECT count(*)::int AS n FROM again`,
      [olderThanSeconds, maxHandovers],
    );
    return row.n;
  }

  /** Makes a row pending again (CLI: re-send a stuck message). */
  async requeue(id: string): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(OutboxMessageEntity)
      .update({ id, sentAt: IsNull() }, { dispatchedAt: null });
    return (result.affected ?? 0) > 0;
  }
}
