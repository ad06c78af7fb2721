import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Readable } from 'node:stream';
import type { Pool, PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import { DataSource } from 'typeorm';
import type { ExportKind } from '@outils/contracts';
import { STATS_TIME_ZONE } from '@outils/server-db';
import { LEADS_SQL } from './admin-insights.repository';

const TZ = STATS_TIME_ZONE;
const inRange = (column: string) =>
  `${column} >= ($1::date::timestamp AT TIME ZONE '${TZ}') AND ${column} < (($2::date + 1)::timestamp AT TIME ZONE '${TZ}')`;
const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The SQL of each export, its rows in the order of the file's columns (docs/product/rules.md#R682). */
const EXPORT_SQL: Record<ExportKind, string> = {
  leads: `${LEADS_SQL}
    SELECT email, source, status, ${ISO('confirmed_at')} AS consent_at, downloads, ${ISO('last_download_at')} AS last_download_at,
           ${ISO('first_seen_at')} AS first_seen_at
      FROM leads WHERE ${inRange('first_seen_at')} ORDER BY first_seen_at, email`,
  downloads: `SELECT l.id, ${ISO('l.created_at')} AS created_at, to_char(l.created_at AT TIME ZONE '${TZ}', 'YYYY-MM-DD') AS day,
           l.tool_id, t.name AS tool_name, l.email, CASE WHEN l.counted THEN 'oui' ELSE 'non' END AS counted, l.excluded_reason,
           l.version_number
      FROM download_log l LEFT JOIN tool t ON t.id = l.tool_id
     WHERE ${inRange('l.created_at')} ORDER BY l.created_at, l.id`,
};

/** The raw rows of an export, read with a cursor (never all in memory), and the log of exports. */
@Injectable()
export class ExportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Rows of `kind` for the Paris days from..to, as an object stream read by batches of 500 from a
   * server-side cursor: the stream pauses when its reader does. The pool's client is given back
   * when the stream ends, fails or is closed early (the admin went away).
   */
  async stream(kind: ExportKind, from: string, to: string): Promise<Readable> {
    const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
    const client: PoolClient = await pool.connect();
    const rows = client.query(new QueryStream(EXPORT_SQL[kind], [from, to], { batchSize: 500, rowMode: 'array' }));
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      client.release(error);
    };
    rows.once('error', (error) => release(error));
    rows.once('close', () => release());
    rows.once('end', () => release());
    return rows;
  }

  /**
   * Who exported what, when, for which days (docs/product/rules.md#R684), and from which link:
   * false when that link already served (docs/product/rules.md#R881), and nothing is written.
   */
  async logExport(admin: { id: string; email: string }, kind: ExportKind, from: string, to: string, linkId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO admin_export_log (admin_id, admin_email, kind, range_from, range_to, link_id) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (link_id) WHERE link_id IS NOT NULL DO NOTHING RETURNING id`,
      [admin.id, admin.email, kind, from, to, linkId],
    );
    return rows.length === 1;
  }

  /**
   * The admin behind a live session of this user (a link outlives nothing: logged out, expired
   * or demoted means refused); null otherwise.
   */
  async adminOfSession(sessionId: string, userId: string): Promise<{ email: string } | null> {
    const [row] = await this.dataSource.query(
      `SELECT u.email FROM auth_session s JOIN app_user u ON u.id = s.user_id
        WHERE s.id::text = $1 AND u.id::text = $2 AND s.expires_at > now() AND u.is_admin`,
      [sessionId, userId],
    );
    return row ?? null;
  }
}
