export * from './storage.port';
