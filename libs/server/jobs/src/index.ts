export * from './queues';
export * from './job-types';
export * from './outbox.repository';
export * from './outbox-metrics';
export * from './outbox.module';
export * from './outbox-dispatcher';
export * from './redis-connection';
