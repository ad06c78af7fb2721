import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OutboxModule } from '@outils/server-jobs';
import { WorkerMetricsService } from './worker-metrics.service';

@Module({
  // The outbox figures are read at scrape time through the outbox repository.
  imports: [DiscoveryModule, OutboxModule],
  providers: [WorkerMetricsService],
  exports: [WorkerMetricsService],
})
export class WorkerMetricsModule {}
