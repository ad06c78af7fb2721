import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { asTransaction, changedRows, managerOf, publishedTool, Transaction } from '@outils/server-db';

/** One tool with a new version for one member (docs/product/rules.md#R912). */
export interface DigestRow {
  user_id: string;
  email: string;
  first_name: string;
  tool_id: number;
  slug: string;
  name: string;
  number: number;
  note: string | null;
  created_at: Date;
}

/** How far back a digest looks: a member is told of versions of the last week at most. */
export const DIGEST_LOOKBACK_DAYS = 7;

/** The update digests' reads and claims (docs/product/rules.md#R912). */
@Injectable()
export class UpdateDigestRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * For each activated member with alerts on and no digest yet on `today` (Paris), the public tools
   * they use — downloaded an earlier version of, in their favourites or in one of their folders —
   * whose newest version that is not minor is newer than the last digest told them of. The tool's
   * latest such version, one row per member and tool.
   */
  async pending(now: Date, today: string): Promise<DigestRow[]> {
    return this.dataSource.query(
      `WITH recent AS (
         SELECT DISTINCT ON (v.tool_id) v.tool_id, v.number, v.note, v.created_at
           FROM tool_version v JOIN tool t ON t.id = v.tool_id AND ${publishedTool('t')}
          WHERE v.number > 1 AND NOT v.is_minor AND v.number <= t.version_number
            AND v.created_at > $1::timestamptz - make_interval(days => $3) AND v.created_at <= $1::timestamptz
          ORDER BY v.tool_id, v.number DESC),
       concerned AS (
         SELECT l.user_id, r.tool_id FROM recent r
           JOIN download_log l ON l.tool_id = r.tool_id AND l.counted AND l.user_id IS NOT NULL AND COALESCE(l.version_number, 0) < r.number
         UNION SELECT f.user_id, r.tool_id FROM recent r JOIN favorite f ON f.tool_id = r.tool_id
         UNION SELECT fo.user_id, r.tool_id FROM recent r JOIN tool_folder_item i ON i.tool_id = r.tool_id JOIN tool_folder fo ON fo.id = i.folder_id)
       SELECT u.id AS user_id, u.email, u.first_name, t.id AS tool_id, t.slug, t.name, r.number, r.note, r.created_at
         FROM concerned c
         JOIN app_user u ON u.id = c.user_id
         JOIN recent r ON r.tool_id = c.tool_id
         JOIN tool t ON t.id = r.tool_id
        WHERE u.update_alerts AND u.activated_at IS NOT NULL
          AND (u.update_alerts_sent_on IS NULL OR u.update_alerts_sent_on < $2::date)
          -- Compared at the millisecond: the watermark comes back through a JavaScript date.
          AND date_trunc('milliseconds', r.created_at) > COALESCE(u.update_alerts_through, '-infinity'::timestamptz)
        ORDER BY u.id, r.created_at DESC`,
      [now, today, DIGEST_LOOKBACK_DAYS],
    );
  }

  /**
   * Claims today's digest of one member, in the caller's transaction: false when another run (or
   * replica) already sent one today or the member turned alerts off meanwhile (docs/product/rules.md#R912).
   */
  async claim(tx: Transaction, userId: string, today: string, through: Date): Promise<boolean> {
    const rows = await changedRows(managerOf(tx),
      `UPDATE app_user SET update_alerts_sent_on = $2::date, update_alerts_through = GREATEST(COALESCE(update_alerts_through, $3), $3)
        WHERE id = $1 AND update_alerts AND (update_alerts_sent_on IS NULL OR update_alerts_sent_on < $2::date) RETURNING id`,
      [userId, today, through],
    );
    return rows.length > 0;
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(asTransaction(manager)));
  }
}
