import { Module } from '@nestjs/common';
import { WorkerMetricsModule } from '../metrics/worker-metrics.module';
import { HousekeepingHandlers } from './housekeeping.handlers';
import { HousekeepingProcessor } from './housekeeping.processor';
import { HousekeepingRepository } from './housekeeping.repository';
import { HousekeepingScheduler } from './housekeeping.scheduler';

/** Scheduled maintenance on the `housekeeping` queue (issue 9). */
@Module({
  imports: [WorkerMetricsModule],
  providers: [HousekeepingRepository, HousekeepingHandlers, HousekeepingProcessor, HousekeepingScheduler],
  exports: [HousekeepingHandlers, HousekeepingScheduler],
})
export class HousekeepingModule {}
