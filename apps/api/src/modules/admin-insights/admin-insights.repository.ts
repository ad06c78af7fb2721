import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { STATS_TIME_ZONE } from '@outils/server-db';
import type { Lead, NewsletterConsentSource, NewsletterStatus, VersionDownloads } from '@outils/contracts';

export interface StatsScope { toolId: number | null; categoryId: number | null; typeId: number | null }

const TZ = STATS_TIME_ZONE;
/** The start and end (exclusive) of a Paris day given as a `date` parameter. */
const dayStart = (param: string) => `(${param}::date::timestamp AT TIME ZONE '${TZ}')`;
const dayEnd = (param: string) => `((${param}::date + 1)::timestamp AT TIME ZONE '${TZ}')`;
/** The scope (tool, category, type: the numbers of three parameters) on a row joined to its tool `t`. */
const inScope = (tool: number) =>
  `($${tool}::int IS NULL OR t.id = $${tool}) AND ($${tool + 1}::int IS NULL OR t.category_id = $${tool + 1}) AND ($${tool + 2}::int IS NULL OR t.type_id = $${tool + 2})`;

/** Counted downloads of a day: all of them, and those with an e-mail. */
export interface DayFigures { downloads: number; withEmail: number }
/** A tool's downloads over the range (`current`) or over the previous period. */
export interface ToolFigures { toolId: number; name: string; slug: string; current: boolean; downloads: number }
/** What the daily rows say of the days before today (docs/product/rules.md#R676). */
export interface PastDownloads { days: Map<string, DayFigures>; tools: ToolFigures[] }
export interface DayActivity { signups: number; subscriptions: number }
/** Today's figures read live from the raw rows, and the generation of the daily figures read in the same statement. */
export interface LiveFigures {
  generation: string;
  toolName: string | null;
  tools: Array<{ toolId: number; name: string; slug: string; downloads: number; withEmail: number }>;
  activity: DayActivity;
}

interface LeadRow {
  email: string; source: NewsletterConsentSource | null; status: NewsletterStatus | null; confirmed_at: Date | null;
  downloads: number; last_download_at: Date | null; first_seen_at: Date; total: number;
}

/**
 * The leads: newsletter addresses and the e-mails of counted downloads, one row per address; never
 * the proof kept of a deleted account's address (docs/product/rules.md#R742).
 */
export const LEADS_SQL = `
  WITH dl AS (
    SELECT email, count(*)::int AS downloads, min(created_at) AS first_at, max(created_at) AS last_at
      FROM download_log WHERE email IS NOT NULL AND counted GROUP BY email),
  leads AS (
    SELECT COALESCE(s.email, dl.email) AS email, s.source, s.status, s.confirmed_at,
           COALESCE(dl.downloads, 0) AS downloads, dl.last_at AS last_download_at,
           LEAST(s.created_at, dl.first_at) AS first_seen_at
      FROM (SELECT * FROM newsletter_subscriber WHERE account_deleted_at IS NULL) s FULL JOIN dl ON dl.email = s.email)`;

const toIso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** Reads of the statistics page (docs/product/rules.md#R675) and of the leads (docs/product/rules.md#R680). */
@Injectable()
export class AdminInsightsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One statement: the generation of the daily figures (docs/product/rules.md#R685), the scoped
   * tool's name, and today's counted downloads per tool read live from the log — one range scan of
   * today on the `created_at` index (docs/product/rules.md#R676) — with today's sign-ups and
   * subscriptions. `withDownloads` / `withActivity` false skip the reads today does not need.
   */
  async live(today: string, scope: StatsScope, withDownloads: boolean, withActivity: boolean): Promise<LiveFigures> {
    const [row] = await this.dataSource.query(
      `SELECT (SELECT generation::text FROM daily_stats_generation) AS generation,
              (SELECT name FROM tool WHERE id = $2) AS tool_name,
              COALESCE((SELECT json_agg(json_build_array(t.id, t.name, t.slug, l.downloads, l.with_email))
                 FROM (SELECT tool_id, count(*)::int AS downloads, count(email)::int AS with_email FROM download_log
                        WHERE $5 AND counted AND created_at >= ${dayStart('$1')} AND created_at < ${dayEnd('$1')}
                        GROUP BY tool_id) l
                 JOIN tool t ON t.id = l.tool_id WHERE ${inScope(2)}), '[]') AS tools,
              CASE WHEN $6 THEN (SELECT count(*)::int FROM app_user WHERE activated_at >= ${dayStart('$1')} AND activated_at < ${dayEnd('$1')}) ELSE 0 END AS signups,
              CASE WHEN $6 THEN (SELECT count(*)::int FROM newsletter_event WHERE kind = 'confirmed' AND created_at >= ${dayStart('$1')} AND created_at < ${dayEnd('$1')}) ELSE 0 END AS subscriptions`,
      [today, scope.toolId, scope.categoryId, scope.typeId, withDownloads, withActivity],
    );
    const tools = (row.tools as Array<[number, string, string, number, number]>).map(([toolId, name, slug, downloads, withEmail]) => ({ toolId, name, slug, downloads, withEmail }));
    return { generation: row.generation, toolName: row.tool_name, tools, activity: { signups: row.signups, subscriptions: row.subscriptions } };
  }

  /**
   * The scoped daily rows of `first`..`last` in one pass of the covering index: counted downloads
   * per day, and per tool on or after `from` (`current`) and before it.
   */
  async pastDownloads(first: string, last: string, from: string, scope: StatsScope): Promise<PastDownloads> {
    const rows: Array<{ day: string | null; tool_id: number | null; current: boolean | null; downloads: number; with_email: number; name: string | null; slug: string | null }> =
      await this.dataSource.query(
        `WITH scoped AS (
           SELECT d.day, d.tool_id, d.day >= $3::date AS current, d.downloads, d.with_email
             FROM download_daily d JOIN tool t ON t.id = d.tool_id
            WHERE d.day BETWEEN $1::date AND $2::date AND ${inScope(4)}),
         sums AS (
           SELECT day, tool_id, current, sum(downloads)::int AS downloads, sum(with_email)::int AS with_email
             FROM scoped GROUP BY GROUPING SETS ((day), (tool_id, current)))
         SELECT to_char(s.day, 'YYYY-MM-DD') AS day, s.tool_id, s.current, s.downloads, s.with_email, t.name, t.slug
           FROM sums s LEFT JOIN tool t ON t.id = s.tool_id`,
        [first, last, from, scope.toolId, scope.categoryId, scope.typeId],
      );
    const days = new Map<string, DayFigures>();
    const tools: ToolFigures[] = [];
    for (const r of rows) {
      if (r.day !== null) days.set(r.day, { downloads: r.downloads, withEmail: r.with_email });
      else if (r.tool_id !== null && r.name !== null && r.slug !== null) {
        tools.push({ toolId: r.tool_id, name: r.name, slug: r.slug, current: r.current === true, downloads: r.downloads });
      }
    }
    return { days, tools };
  }

  /**
   * A tool's counted downloads of `from`..`to` per version, read from the log on the tool's index,
   * with its versions nobody downloaded as zero; newest first, the downloads from before versions
   * last (docs/product/rules.md#R926).
   */
  async versionDownloads(toolId: number, from: string, to: string): Promise<VersionDownloads[]> {
    const rows: Array<{ version: number | null; downloads: number }> = await this.dataSource.query(
      `WITH c AS (
         SELECT version_number AS version, count(*)::int AS downloads FROM download_log
          WHERE tool_id = $1 AND counted AND created_at >= ${dayStart('$2')} AND created_at < ${dayEnd('$3')}
          GROUP BY version_number)
       SELECT v.version, COALESCE(c.downloads, 0)::int AS downloads
         FROM (SELECT number AS version FROM tool_version WHERE tool_id = $1 UNION SELECT version FROM c) v
         LEFT JOIN c ON c.version IS NOT DISTINCT FROM v.version
        ORDER BY v.version DESC NULLS LAST`,
      [toolId, from, to],
    );
    return rows.map((r) => ({ version: r.version, downloads: r.downloads }));
  }

  /** Activated sign-ups and confirmed subscriptions per day of `first`..`last`, from the daily rows. */
  async pastActivity(first: string, last: string): Promise<Map<string, DayActivity>> {
    const rows: Array<{ day: string; signups: number; subscriptions: number }> = await this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, signups, subscriptions FROM activity_daily WHERE day BETWEEN $1::date AND $2::date`,
      [first, last],
    );
    return new Map(rows.map((r) => [r.day, { signups: r.signups, subscriptions: r.subscriptions }]));
  }

  async leads(search: string | null, limit: number, offset: number): Promise<{ leads: Lead[]; total: number }> {
    const rows: LeadRow[] = await this.dataSource.query(
      `${LEADS_SQL}
       SELECT *, count(*) OVER ()::int AS total FROM leads
        WHERE $1::text IS NULL OR strpos(email, lower($1)) > 0
        ORDER BY first_seen_at DESC, email LIMIT $2 OFFSET $3`,
      [search, limit, offset],
    );
    const total = rows[0]?.total ?? (offset > 0 ? await this.countLeads(search) : 0);
    return {
      total,
      leads: rows.map((r) => ({
        email: r.email, newsletterSource: r.source, newsletterStatus: r.status, consentAt: toIso(r.confirmed_at),
        downloads: r.downloads, lastDownloadAt: toIso(r.last_download_at), firstSeenAt: toIso(r.first_seen_at) as string,
      })),
    };
  }

  private async countLeads(search: string | null): Promise<number> {
    const [row] = await this.dataSource.query(`${LEADS_SQL} SELECT count(*)::int AS n FROM leads WHERE $1::text IS NULL OR strpos(email, lower($1)) > 0`, [search]);
    return row.n;
  }
}
