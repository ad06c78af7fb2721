/** BullMQ queue names. The Redis key prefix comes from configuration (one per test run). */
export const Queues = {
  mail: 'mail',
  newsletter: 'newsletter',
  housekeeping: 'housekeeping',
  /** Tool files read after upload: page counts and PDF previews (docs/product/rules.md#R636). */
  files: 'files',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];

/**
 * decisions/STYLE §4: retries with exponential backoff. Failed jobs are kept for inspection,
 * but not forever: two weeks and the last 1 000 per queue (the outbox row keeps the error).
 */
export const FAILED_JOBS_KEPT = { age: 14 * 24 * 3600, count: 1000 } as const;

export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: true,
  removeOnFail: FAILED_JOBS_KEPT,
} as const;
