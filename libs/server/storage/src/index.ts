export * from './storage.port';
export * from './disk.storage';
export * from './s3.storage';
export * from './create-storage';
