import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { createStorage, StoragePort } from '@outils/server-storage';
import { personalDataRepositoryProvider } from '@outils/server-db/personal-data';
import { DataExportsRepository } from './data-export.repository';

/**
 * What the data exports need (docs/product/rules.md#R968): the configured storage (as the API's,
 * where the tools' files are) and the exports' rows; global for the export job and housekeeping.
 */
@Global()
@Module({
  providers: [
    { provide: StoragePort, inject: [APP_CONFIG], useFactory: (c: AppConfig) => createStorage(c) },
    personalDataRepositoryProvider,
    DataExportsRepository,
  ],
  exports: [StoragePort, personalDataRepositoryProvider, DataExportsRepository],
})
export class MyDataModule {}
