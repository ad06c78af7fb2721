import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, AppConfig, ConfigModule, privateLogOptions } from '@outils/server-config';
import { dataSourceOptions } from '@outils/server-db';
import { OutboxModule, Queues, bullConnectionOptions } from '@outils/server-jobs';
import { LinkSigningModule } from '@outils/server-signing';
import { HousekeepingQueueModule } from './housekeeping/housekeeping.module';
import { WorkerHttpModule } from './http/worker-http.module';
import { WorkerMetricsModule } from './metrics/worker-metrics.module';
import { MailSender } from './smtp/mail-sender';
import { MailHandlers } from './mail/mail.handlers';
import { NewsletterSyncHandler } from './newsletter/newsletter-sync.handler';
import { MailjetClient } from './newsletter/mailjet.client';
import { NewsletterSubscribersRepository } from './newsletter/newsletter-subscribers.repository';
import { OutboxJobRunner } from './outbox/outbox-job-runner';
import { OutboxRelayService } from './outbox/outbox-relay.service';
import { FilesQueueProcessor } from './queues/files-queue.processor';
import { MailQueueProcessor } from './queues/mail-queue.processor';
import { NewsletterQueueProcessor } from './queues/newsletter-queue.processor';
import { DataExportHandler } from './my-data/data-export.handler';
import { MyDataModule } from './my-data/my-data.module';
import { FilesModule } from './files/files.module';

@Module({})
export class WorkerModule {
  static forRoot(config: Readonly<AppConfig>): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        // Same privacy rules as the API: no secret, no full e-mail address in a log line.
        LoggerModule.forRoot({ pinoHttp: { level: config.logLevel, ...privateLogOptions() } }),
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (c: AppConfig) => ({ ...dataSourceOptions(c.db.url, 5), retryAttempts: 10, retryDelay: 2000 }),
        }),
        BullModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (c: AppConfig) => ({ connection: bullConnectionOptions(c.redis.url, 'worker'), prefix: c.redis.prefix }),
        }),
        BullModule.registerQueue({ name: Queues.mail }, { name: Queues.newsletter }, { name: Queues.housekeeping }, { name: Queues.files }),
        OutboxModule,
        // The update alerts' unsubscribe links are signed where their digest is written (docs/product/rules.md#R915).
        LinkSigningModule,
        MyDataModule,
        FilesModule,
        HousekeepingQueueModule,
        WorkerHttpModule,
        WorkerMetricsModule,
      ],
      providers: [
        OutboxRelayService, OutboxJobRunner, MailSender, MailHandlers, MailjetClient, NewsletterSubscribersRepository, NewsletterSyncHandler,
        // One processor per queue of outbox jobs: which work runs each job name (docs/product/rules.md#R882).
        MailQueueProcessor, NewsletterQueueProcessor, FilesQueueProcessor,
        // docs/product/rules.md#R968: large data exports are built here and stored like the tools' files.
        DataExportHandler,
      ],
    };
  }
}
