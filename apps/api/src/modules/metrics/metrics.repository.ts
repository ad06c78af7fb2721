import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OutboxPendingStats, OutboxRepository } from '@outils/server-jobs';

/** The few figures `/metrics` reads from PostgreSQL at scrape time. */
@Injectable()
export class MetricsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
  ) {}

  /**
   * Downloads counted so far: the sum of the per-tool counters kept in the download's own
   * transaction (docs/product/rules.md#R102). Read on scrape, so the catalogue code needs no metrics hook and
   * every replica reports the same total.
   */
  async downloadsRecorded(): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT COALESCE(sum(download_count), 0)::bigint AS total FROM tool`);
    return Number(row?.total ?? 0);
  }

  outboxPending(): Promise<OutboxPendingStats> {
    return this.outbox.pendingStats();
  }
}
