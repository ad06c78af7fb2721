/** BullMQ queue names. The Redis key prefix comes from configuration (one per test run). */
export const Queues = {
  mail: 'mail',
  newsletter: 'newsletter',
  housekeeping: 'housekeeping',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];

/** decisions/STYLE §4: retries with exponential backoff; failed jobs kept for inspection. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: true,
  removeOnFail: false,
} as const;
