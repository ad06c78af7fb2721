import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { createStorage, StoragePort } from '@outils/server-storage';

/** The configured file storage (disk by default, S3-compatible with STORAGE_DRIVER=s3). */
@Global()
@Module({
  providers: [{ provide: StoragePort, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createStorage(config) }],
  exports: [StoragePort],
})
export class StorageModule {}
