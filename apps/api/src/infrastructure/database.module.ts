import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { dataSourceOptions } from '@outils/server-db';
import { PgNotificationsModule } from '../common/persistence/pg-notifications';
import { PersistenceModule } from '../common/persistence/transaction-runner';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config.db.url, config.db.poolSize),
        // Start even if PostgreSQL is briefly away; /health reports it.
        retryAttempts: 3,
        retryDelay: 1000,
      }),
    }),
    PersistenceModule,
    PgNotificationsModule,
  ],
})
export class DatabaseModule {}
