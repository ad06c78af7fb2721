import type { DataSource } from 'typeorm';

import { addDays, parisDay, STATS_TIME_ZONE } from '@outils/contracts';

// The Paris day and its arithmetic have one home, shared with the admin's pages (docs/product/rules.md#R675).
export { addDays, parisDay, STATS_TIME_ZONE } from '@outils/contracts';

/** Days (today included) that the scheduled job aggregates again each time (docs/product/rules.md#R676). */
export const STATS_RECENT_DAYS = 3;

/**
 * Rebuilds the daily figures of the Europe/Paris days `from`..`to` (inclusive) from the raw rows,
 * in one transaction (docs/product/rules.md#R675, #R676): counted downloads per tool, and of them
 * those with an e-mail; activated sign-ups and confirmed newsletter subscriptions. Idempotent: the
 * days are deleted and written again, under a lock so that two workers never interleave.
 * Used by the worker's scheduled job; shared here so that the tests and the bench run the very same SQL.
 */
export class DailyStatsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async aggregate(from: string, to: string): Promise<{ days: number; toolDays: number }> {
    return this.dataSource.transaction(async (em) => {
      await em.query(`SELECT pg_advisory_xact_lock(hashtextextended('daily-stats', 0))`);
      const range = `created_at >= ($1::date::timestamp AT TIME ZONE '${STATS_TIME_ZONE}')
                 AND created_at < (($2::date + 1)::timestamp AT TIME ZONE '${STATS_TIME_ZONE}')`;
      await em.query(`DELETE FROM download_daily WHERE day BETWEEN $1::date AND $2::date`, [from, to]);
      const tools: unknown[] = await em.query(
        `INSERT INTO download_daily (day, tool_id, downloads, with_email)
         SELECT (created_at AT TIME ZONE '${STATS_TIME_ZONE}')::date, tool_id, count(*), count(email)
           FROM download_log WHERE counted AND ${range}
          GROUP BY 1, 2
         RETURNING day`,
        [from, to],
      );
      await em.query(`DELETE FROM activity_daily WHERE day BETWEEN $1::date AND $2::date`, [from, to]);
      const days: unknown[] = await em.query(
        `INSERT INTO activity_daily (day, signups, subscriptions)
         SELECT day, sum(signups), sum(subscriptions) FROM (
           SELECT (activated_at AT TIME ZONE '${STATS_TIME_ZONE}')::date AS day, 1 AS signups, 0 AS subscriptions FROM app_user
            WHERE activated_at >= ($1::date::timestamp AT TIME ZONE '${STATS_TIME_ZONE}')
              AND activated_at < (($2::date + 1)::timestamp AT TIME ZONE '${STATS_TIME_ZONE}')
           UNION ALL
           SELECT (created_at AT TIME ZONE '${STATS_TIME_ZONE}')::date, 0, 1 FROM newsletter_event WHERE kind = 'confirmed' AND ${range}) x
          GROUP BY day
         RETURNING day`,
        [from, to],
      );
      return { days: days.length, toolDays: tools.length };
    });
  }

  /** The last `STATS_RECENT_DAYS` Paris days, today included (the scheduled job). */
  aggregateRecent(now: Date = new Date()): Promise<{ days: number; toolDays: number }> {
    const today = parisDay(now);
    return this.aggregate(addDays(today, -(STATS_RECENT_DAYS - 1)), today);
  }
}
