import { DiskStorage } from './disk.storage';
import { S3Storage, S3StorageOptions } from './s3.storage';
import type { StoragePort } from './storage.port';

/** The `storage` part of the application configuration (kept structural: no config import). */
export interface StorageConfig {
  driver: 'disk' | 's3';
  dir: string;
  s3: Omit<S3StorageOptions, 'forcePathStyle'> & { forcePathStyle: boolean };
}

/** The configured driver: disk by default, S3-compatible with `STORAGE_DRIVER=s3`. */
export function createStorage(config: { storage: StorageConfig }): StoragePort {
  return config.storage.driver === 's3' ? new S3Storage(config.storage.s3) : new DiskStorage(config.storage.dir);
}
