import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthSessionEntity, changedCount, OneTimeTokenEntity } from '@outils/server-db';

export interface StaleOutboxReport {
  /** Not handed to a queue: the relay is stuck or Redis is away. */
  pending: number;
  /** Handed to a queue but never sent: the job failed for good or was lost. */
  unsent: number;
  oldestAgeSeconds: number;
  /** A few ids and job names for the log line (never the payload: it holds addresses). */
  sample: Array<{ id: string; jobName: string; dispatched: boolean }>;
}

const ANONYMISE_BATCH = 5000;

/** The SQL of the housekeeping jobs. */
@Injectable()
export class HousekeepingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async deleteExpiredSessions(): Promise<number> {
    const result = await this.dataSource.createQueryBuilder().delete().from(AuthSessionEntity).where('expires_at < now()').execute();
    return result.affected ?? 0;
  }

  /**
   * Expired links, and used ones a day after use: the day of grace lets the accounts code still
   * tell "this link was already used" from "unknown link" when someone clicks twice.
   */
  async deleteSpentOneTimeTokens(): Promise<number> {
    const result = await this.dataSource
      .createQueryBuilder()
      .delete()
      .from(OneTimeTokenEntity)
      .where(`expires_at < now() OR used_at < now() - interval '1 day'`)
      .execute();
    return result.affected ?? 0;
  }

  /** Accounts never activated, created more than `hours` ago, without an unexpired activation link. */
  async deleteUnactivatedAccounts(hours: number): Promise<number> {
    const result = await changedCount(this.dataSource,
      `DELETE FROM app_user u
        WHERE u.activated_at IS NULL
          AND u.created_at < now() - make_interval(hours => $1)
          AND NOT EXISTS (SELECT 1 FROM one_time_token t
                           WHERE t.user_id = u.id AND t.purpose = 'activation' AND t.used_at IS NULL AND t.expires_at > now())`,
      [hours],
    );
    return result;
  }

  /**
   * Clears user and e-mail of download rows older than the retention period, in batches so
   * that a first run over years of logs never holds long locks. The counts stay (docs/product/rules.md#R105).
   */
  async anonymiseDownloadLogsOlderThan(months: number): Promise<number> {
    let total = 0;
    for (;;) {
      const result = await changedCount(this.dataSource,
        `UPDATE download_log SET user_id = NULL, email = NULL
          WHERE id IN (SELECT id FROM download_log
                        WHERE created_at < now() - make_interval(months => $1)
                          AND (user_id IS NOT NULL OR email IS NOT NULL)
                        LIMIT ${ANONYMISE_BATCH})`,
        [months],
      );
      total += result;
      if (result < ANONYMISE_BATCH) return total;
    }
  }

  /** Pending newsletter registrations older than `days` (docs/product/rules.md#R458). */
  async expirePendingNewsletterRegistrations(days: number): Promise<number> {
    const deleted = await changedCount(this.dataSource,
      `DELETE FROM newsletter_subscriber
        WHERE status = 'pending' AND confirmed_at IS NULL AND requested_at < now() - make_interval(days => $1)`,
      [days],
    );
    const reverted = await changedCount(this.dataSource,
      `UPDATE newsletter_subscriber SET status = 'unsubscribed', updated_at = now()
        WHERE status = 'pending' AND confirmed_at IS NOT NULL AND requested_at < now() - make_interval(days => $1)`,
      [days],
    );
    return deleted + reverted;
  }

  /** The searches' daily figures older than `months` (docs/product/rules.md#R975). */
  async deleteSearchDaysOlderThan(months: number): Promise<number> {
    const result = await changedCount(this.dataSource,
      `DELETE FROM search_daily WHERE day < (now() AT TIME ZONE 'Europe/Paris')::date - make_interval(months => $1)`,
      [months],
    );
    return result;
  }

  /**
   * Partner events before the first day of the Paris month `months - 1` months back, so that whole
   * months are kept (docs/product/rules.md#R1006), and the visitor salts of the past Paris days
   * (docs/product/rules.md#R1005).
   */
  async deleteOldPartnerEvents(months: number): Promise<{ events: number; salts: number }> {
    const today = `(now() AT TIME ZONE 'Europe/Paris')::date`;
    const events = await changedCount(this.dataSource,
      `DELETE FROM partner_event WHERE day < date_trunc('month', ${today}) - make_interval(months => $1)`,
      [months - 1],
    );
    const salts = await changedCount(this.dataSource, `DELETE FROM partner_visitor_salt WHERE day < ${today}`);
    return { events, salts };
  }

  async deleteOldUnsubscribedNewsletterAddresses(years: number): Promise<number> {
    const result = await changedCount(this.dataSource,
      `DELETE FROM newsletter_subscriber WHERE status = 'unsubscribed' AND unsubscribed_at < now() - make_interval(years => $1)`,
      [years],
    );
    return result;
  }

  async staleOutbox(olderThanSeconds: number): Promise<StaleOutboxReport> {
    const [stats] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE dispatched_at IS NULL)::int AS pending,
              count(*) FILTER (WHERE dispatched_at IS NOT NULL)::int AS unsent,
              COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float AS age
         FROM outbox_message
        WHERE sent_at IS NULL AND created_at < now() - make_interval(secs => $1)`,
      [olderThanSeconds],
    );
    const sample: Array<{ id: string; job_name: string; dispatched: boolean }> =
      stats.pending + stats.unsent === 0
        ? []
        : await this.dataSource.query(
            `SELECT id, job_name, dispatched_at IS NOT NULL AS dispatched
               FROM outbox_message
              WHERE sent_at IS NULL AND created_at < now() - make_interval(secs => $1)
              ORDER BY id LIMIT 10`,
            [olderThanSeconds],
          );
    return {
      pending: stats.pending,
      unsent: stats.unsent,
      oldestAgeSeconds: stats.age,
      sample: sample.map((row) => ({ id: String(row.id), jobName: row.job_name, dispatched: row.dispatched })),
    };
  }
}
