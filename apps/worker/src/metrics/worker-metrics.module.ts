import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { WorkerMetricsService } from './worker-metrics.service';

@Module({
  imports: [DiscoveryModule],
  providers: [WorkerMetricsService],
  exports: [WorkerMetricsService],
})
export class WorkerMetricsModule {}
