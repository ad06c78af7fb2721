import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { JobName, Queues } from '@outils/server-jobs';

export interface HousekeepingSchedule {
  name: Extract<
    JobName,
    'purge-expired-tokens' | 'purge-unactivated-accounts' | 'anonymise-old-download-logs' | 'report-stale-outbox' | 'compute-related-tools' | 'purge-personal-data' | 'aggregate-daily-stats'
    | 'send-update-digests' | 'send-partner-reports' | 'send-plan-reminders'
  >;
  repeat: { pattern: string; tz: string } | { every: number };
}

/**
 * When each housekeeping job runs: nightly for the purges, hourly for sign-ups never activated
 * (an address is free again soon after its 48 h), every 5 minutes for the outbox check, every
 * 30 minutes (and once at start) for the related tools of the sheets (docs/product/rules.md#R566),
 * every 5 minutes for the daily figures of the statistics (docs/product/rules.md#R676).
 */
export const HOUSEKEEPING_SCHEDULES: HousekeepingSchedule[] = [
  { name: 'purge-expired-tokens', repeat: { pattern: '10 3 * * *', tz: 'Europe/Paris' } },
  { name: 'purge-unactivated-accounts', repeat: { pattern: '25 * * * *', tz: 'Europe/Paris' } },
  { name: 'anonymise-old-download-logs', repeat: { pattern: '40 3 * * *', tz: 'Europe/Paris' } },
  { name: 'report-stale-outbox', repeat: { every: 5 * 60_000 } },
  { name: 'compute-related-tools', repeat: { every: 30 * 60_000 } },
  { name: 'purge-personal-data', repeat: { pattern: '55 3 * * *', tz: 'Europe/Paris' } },
  { name: 'aggregate-daily-stats', repeat: { every: 5 * 60_000 } },
  // docs/product/rules.md#R912: the day's update digests, in the morning (Paris).
  { name: 'send-update-digests', repeat: { pattern: '0 9 * * *', tz: 'Europe/Paris' } },
  // docs/product/rules.md#R1001: every morning; each partner's last month goes once, the first run of the month.
  { name: 'send-partner-reports', repeat: { pattern: '30 8 * * *', tz: 'Europe/Paris' } },
  // docs/product/rules.md#R979: each day, the followed plans whose week is over get their mail.
  { name: 'send-plan-reminders', repeat: { pattern: '30 9 * * *', tz: 'Europe/Paris' } },
];

/**
 * Registers the schedules as BullMQ job schedulers. `upsertJobScheduler` is idempotent and keyed
 * by id, so every worker replica may call it at start: Redis keeps one schedule per job and
 * each run goes to exactly one worker.
 */
@Injectable()
export class HousekeepingScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(HousekeepingScheduler.name);

  constructor(private readonly moduleRef: ModuleRef) {}

  onApplicationBootstrap(): void {
    // Not awaited: with Redis away the worker still starts and the schedules land once it is back.
    this.schedule().catch((error: Error) => this.logger.warn(`Housekeeping not scheduled: ${error.message}`));
  }

  async schedule(): Promise<void> {
    const queue = this.moduleRef.get<Queue>(getQueueToken(Queues.housekeeping), { strict: false });
    for (const { name, repeat } of HOUSEKEEPING_SCHEDULES) {
      await queue.upsertJobScheduler(name, repeat, {
        name,
        data: {},
        opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 100, removeOnFail: 500 },
      });
    }
  }
}
