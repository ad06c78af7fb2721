import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DailyStatsRepository, RelatedToolsRepository } from '@outils/server-db';
import { WorkerMetricsModule } from '../metrics/worker-metrics.module';
import { HousekeepingHandlers } from './housekeeping.handlers';
import { HousekeepingProcessor } from './housekeeping.processor';
import { HousekeepingRepository } from './housekeeping.repository';
import { HousekeepingScheduler } from './housekeeping.scheduler';
import { UpdateDigestRepository } from '../update-alerts/update-digest.repository';
import { UpdateDigestService } from '../update-alerts/update-digest.service';
import { PartnerReportRepository } from '../partner-reports/partner-report.repository';
import { PartnerReportService } from '../partner-reports/partner-report.service';

/** The related-tools table lives in the db library, which has no Nest module of its own. */
export const relatedToolsRepositoryProvider = {
  provide: RelatedToolsRepository,
  inject: [getDataSourceToken()],
  useFactory: (dataSource: DataSource) => new RelatedToolsRepository(dataSource),
};

/** The daily statistics' SQL lives in the db library too (shared with the tests and the bench). */
export const dailyStatsRepositoryProvider = {
  provide: DailyStatsRepository,
  inject: [getDataSourceToken()],
  useFactory: (dataSource: DataSource) => new DailyStatsRepository(dataSource),
};

/** Scheduled maintenance on the `housekeeping` queue. */
@Module({
  imports: [WorkerMetricsModule],
  providers: [
    HousekeepingRepository, HousekeepingHandlers, HousekeepingProcessor, HousekeepingScheduler,
    relatedToolsRepositoryProvider, dailyStatsRepositoryProvider,
    UpdateDigestRepository, UpdateDigestService, PartnerReportRepository, PartnerReportService,
  ],
  exports: [HousekeepingHandlers, HousekeepingScheduler],
})
export class HousekeepingModule {}
