import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, ConfigModule, loadConfig } from '@outils/server-config';
import { dataSourceOptions } from '@outils/server-db';
import { OutboxModule } from '@outils/server-jobs';
import { LinkSigningModule } from '@outils/server-signing';
import { HousekeepingHandlers } from '../../src/housekeeping/housekeeping.handlers';
import { HousekeepingModule } from '../../src/housekeeping/housekeeping.module';
import { MyDataModule } from '../../src/my-data/my-data.module';

export interface HousekeepingContext {
  context: INestApplicationContext;
  db: DataSource;
  handlers: HousekeepingHandlers;
}

/**
 * The housekeeping handlers against the real database, in a context of their own: the worker's
 * real HousekeepingModule (so a new handler brings its own providers), without its queue's
 * processor and scheduler (HousekeepingQueueModule) and without the worker's outbox relay, which would hand a test's
 * pending outbox rows to the queue at once. The global modules are the worker's.
 */
export async function startHousekeepingContext(env: Record<string, string> = {}): Promise<HousekeepingContext> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: process.env.TEST_DATABASE_URL, LOG_LEVEL: 'silent', ...env });
  @Module({
    imports: [
      ConfigModule.forRoot(config),
      TypeOrmModule.forRootAsync({ inject: [APP_CONFIG], useFactory: (c: AppConfig) => dataSourceOptions(c.db.url, 2) }),
      OutboxModule,
      LinkSigningModule,
      MyDataModule,
      HousekeepingModule,
    ],
  })
  class HousekeepingTestModule {}
  const context = await NestFactory.createApplicationContext(HousekeepingTestModule, { logger: false });
  return { context, db: context.get(DataSource), handlers: context.get(HousekeepingHandlers) };
}
