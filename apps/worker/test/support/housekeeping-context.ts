import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, ConfigModule, loadConfig } from '@outils/server-config';
import { dataSourceOptions } from '@outils/server-db';
import { OutboxModule } from '@outils/server-jobs';
import { LinkSigningModule } from '@outils/server-signing';
import { HousekeepingHandlers } from '../../src/housekeeping/housekeeping.handlers';
import { dailyStatsRepositoryProvider, relatedToolsRepositoryProvider } from '../../src/housekeeping/housekeeping.module';
import { HousekeepingRepository } from '../../src/housekeeping/housekeeping.repository';
import { WorkerMetricsModule } from '../../src/metrics/worker-metrics.module';
import { MyDataModule } from '../../src/my-data/my-data.module';
import { UpdateDigestRepository } from '../../src/update-alerts/update-digest.repository';
import { UpdateDigestService } from '../../src/update-alerts/update-digest.service';
import { PartnerReportRepository } from '../../src/partner-reports/partner-report.repository';
import { PartnerReportService } from '../../src/partner-reports/partner-report.service';

export interface HousekeepingContext {
  context: INestApplicationContext;
  db: DataSource;
  handlers: HousekeepingHandlers;
}

/**
 * The housekeeping handlers against the real database, in a context of their own: without the
 * worker's outbox relay, which would hand a test's pending outbox rows to the queue at once.
 */
export async function startHousekeepingContext(env: Record<string, string> = {}): Promise<HousekeepingContext> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: process.env.TEST_DATABASE_URL, LOG_LEVEL: 'silent', ...env });
  @Module({
    imports: [
      ConfigModule.forRoot(config),
      TypeOrmModule.forRootAsync({ inject: [APP_CONFIG], useFactory: (c: AppConfig) => dataSourceOptions(c.db.url, 2) }),
      WorkerMetricsModule,
      MyDataModule,
      // The nightly handlers also write the update digests (docs/product/rules.md#R915).
      OutboxModule,
      LinkSigningModule,
    ],
    providers: [
      HousekeepingRepository, HousekeepingHandlers, relatedToolsRepositoryProvider, dailyStatsRepositoryProvider,
      UpdateDigestRepository, UpdateDigestService, PartnerReportRepository, PartnerReportService,
    ],
  })
  class HousekeepingTestModule {}
  const context = await NestFactory.createApplicationContext(HousekeepingTestModule, { logger: false });
  return { context, db: context.get(DataSource), handlers: context.get(HousekeepingHandlers) };
}
