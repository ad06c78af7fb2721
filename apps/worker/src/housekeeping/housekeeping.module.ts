import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { RelatedToolsRepository } from '@outils/server-db';
import { WorkerMetricsModule } from '../metrics/worker-metrics.module';
import { HousekeepingHandlers } from './housekeeping.handlers';
import { HousekeepingProcessor } from './housekeeping.processor';
import { HousekeepingRepository } from './housekeeping.repository';
import { HousekeepingScheduler } from './housekeeping.scheduler';

/** Scheduled maintenance on the `housekeeping` queue (issue 9). */
@Module({
  imports: [WorkerMetricsModule],
  providers: [
    HousekeepingRepository, HousekeepingHandlers, HousekeepingProcessor, HousekeepingScheduler,
    { provide: RelatedToolsRepository, inject: [getDataSourceToken()], useFactory: (dataSource: DataSource) => new RelatedToolsRepository(dataSource) },
  ],
  exports: [HousekeepingHandlers, HousekeepingScheduler],
})
export class HousekeepingModule {}
