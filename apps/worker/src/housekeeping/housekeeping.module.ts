import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DailyStatsRepository, RelatedToolsRepository } from '@outils/server-db';
import { WorkerMetricsModule } from '../metrics/worker-metrics.module';
import { HousekeepingHandlers } from './housekeeping.handlers';
import { HousekeepingProcessor } from './housekeeping.processor';
import { HousekeepingRepository } from './housekeeping.repository';
import { HousekeepingScheduler } from './housekeeping.scheduler';
import { PlanRemindersRepository } from '../plan-follow-up/plan-reminders.repository';
import { PlanRemindersService } from '../plan-follow-up/plan-reminders.service';
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

/**
 * Scheduled maintenance: every housekeeping handler and what it needs, without the queue (its
 * processor and scheduler, HousekeepingQueueModule), so that a test context can import this very
 * module (a new handler's providers come with it) and run the handlers without Redis.
 */
@Module({
  imports: [WorkerMetricsModule],
  providers: [
    HousekeepingRepository, HousekeepingHandlers,
    relatedToolsRepositoryProvider, dailyStatsRepositoryProvider,
    UpdateDigestRepository, UpdateDigestService, PartnerReportRepository, PartnerReportService,
    // docs/product/rules.md#R979: the followed plans' weekly mails.
    PlanRemindersRepository, PlanRemindersService,
  ],
  exports: [HousekeepingHandlers],
})
export class HousekeepingModule {}

/** The `housekeeping` queue: its processor, and its schedules registered at the worker's start (docs/product/rules.md#R176). */
@Module({ imports: [HousekeepingModule], providers: [HousekeepingProcessor, HousekeepingScheduler], exports: [HousekeepingScheduler] })
export class HousekeepingQueueModule {}
