import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig, ConfigModule } from '@outils/server-config';
import { LinkSigningModule } from '@outils/server-signing';
import { loggerOptions } from './common/http/logger-options';
import { RequestLogModule } from './common/http/request-log.module';
import { DatabaseModule } from './infrastructure/database.module';
import { ApiOutboxModule } from './infrastructure/outbox/outbox.module';
import { QueueModule } from './infrastructure/queue.module';
import { RedisModule } from './infrastructure/redis.module';
import { StorageModule } from './infrastructure/storage.module';
import { AccountsModule } from './modules/accounts/accounts.module';
import { ActivitiesModule } from './modules/activities/activities.module';
import { AdminInsightsModule } from './modules/admin-insights/admin-insights.module';
import { AdminToolsModule } from './modules/admin-tools/admin-tools.module';
import { FavouritesModule } from './modules/favourites/favourites.module';
import { FoldersModule } from './modules/folders/folders.module';
import { DiagnosticModule } from './modules/diagnostic/diagnostic.module';
import { PlanFollowUpModule } from './modules/plan-follow-up/plan-follow-up.module';
import { MyDataModule } from './modules/my-data/my-data.module';
import { HealthModule } from './modules/health/health.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { NewsletterModule } from './modules/newsletter/newsletter.module';
import { OpenCatalogueModule } from './modules/open-catalogue/open-catalogue.module';
import { PartnersModule } from './modules/partners/partners.module';
import { QueuesDashboardModule } from './modules/queues-dashboard/queues-dashboard.module';
import { SeoModule } from './modules/seo/seo.module';
import { SiteModule } from './modules/site/site.module';
import { ToolsModule } from './modules/tools/tools.module';
import { VersionsModule } from './modules/versions/versions.module';
import { UsefulnessModule } from './modules/usefulness/usefulness.module';
import { SearchesModule } from './modules/searches/searches.module';

/** One module per business capability; infrastructure modules are global. */
@Module({})
export class AppModule {
  static forRoot(config: Readonly<AppConfig>): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerOptions(config)),
        RequestLogModule,
        DatabaseModule,
        RedisModule,
        QueueModule,
        ApiOutboxModule,
        StorageModule,
        LinkSigningModule,
        HealthModule,
        MetricsModule,
        AccountsModule,
        ActivitiesModule,
        ToolsModule,
        VersionsModule,
        FavouritesModule,
        NewsletterModule,
        AdminToolsModule,
        AdminInsightsModule,
        QueuesDashboardModule,
        SiteModule,
        SeoModule,
        FoldersModule,
        DiagnosticModule,
        PlanFollowUpModule,
        MyDataModule,
        OpenCatalogueModule,
        PartnersModule,
        UsefulnessModule,
        SearchesModule,
      ],
    };
  }
}
