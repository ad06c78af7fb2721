import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { UsefulnessComment, UsefulnessToolRow } from '@outils/contracts';

/**
 * A tool's figures as read: the contract's row without what the service works out from them (the
 * rate and the trend), with the counts of the last 30 days and of the 30 before.
 */
export type ToolUsefulnessFigures = Omit<UsefulnessToolRow, 'usefulPercent' | 'trendPoints'> & {
  recentAnswers: number;
  recentUseful: number;
  earlierAnswers: number;
  earlierUseful: number;
};

/** The admins' reads and moderation of the answers (docs/product/rules.md#R964–R966). */
@Injectable()
export class UsefulnessAdminRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Per tool with at least one answer: counted figures, the last 30 days and the 30 before, and what was kept apart. */
  async figures(): Promise<ToolUsefulnessFigures[]> {
    return this.dataSource.query(
      `SELECT t.id AS "toolId", t.name, t.slug, t.download_count::int AS downloads,
              count(*) FILTER (WHERE u.counted)::int AS answers,
              count(*) FILTER (WHERE u.counted AND u.useful)::int AS useful,
              count(*) FILTER (WHERE u.counted AND u.updated_at >= now() - interval '30 days')::int AS "recentAnswers",
              count(*) FILTER (WHERE u.counted AND u.useful AND u.updated_at >= now() - interval '30 days')::int AS "recentUseful",
              count(*) FILTER (WHERE u.counted AND u.updated_at < now() - interval '30 days' AND u.updated_at >= now() - interval '60 days')::int AS "earlierAnswers",
              count(*) FILTER (WHERE u.counted AND u.useful AND u.updated_at < now() - interval '30 days' AND u.updated_at >= now() - interval '60 days')::int AS "earlierUseful",
              count(*) FILTER (WHERE NOT u.counted)::int AS excluded,
              count(u.comment)::int AS comments
         FROM tool_usefulness u JOIN tool t ON t.id = u.tool_id
        GROUP BY t.id
        ORDER BY t.name`,
    );
  }

  /** Comments, newest first (docs/product/rules.md#R965); never who wrote them. */
  async comments(toolId: number | undefined, limit: number, offset: number): Promise<{ rows: UsefulnessComment[]; total: number }> {
    const rows: Array<UsefulnessComment & { total: number; at: Date }> = await this.dataSource.query(
      `SELECT u.id::text AS id, u.tool_id AS "toolId", t.name AS "toolName", u.useful, u.comment, u.comment_hidden AS hidden,
              CASE WHEN u.user_id IS NULL THEN 'guest' ELSE 'member' END AS author,
              u.excluded_reason AS "excludedReason", u.updated_at AS at, count(*) OVER ()::int AS total
         FROM tool_usefulness u JOIN tool t ON t.id = u.tool_id
        WHERE u.comment IS NOT NULL AND ($1::int IS NULL OR u.tool_id = $1)
        ORDER BY u.updated_at DESC, u.id DESC
        LIMIT $2 OFFSET $3`,
      [toolId ?? null, limit, offset],
    );
    const total = rows[0]?.total ?? 0;
    return { total, rows: rows.map(({ total: _t, at, ...row }) => ({ ...row, at: at.toISOString() })) };
  }

  /** Returns false when the comment does not exist. */
  async setHidden(id: string, hidden: boolean): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH changed AS (UPDATE tool_usefulness SET comment_hidden = $2 WHERE id = $1::bigint AND comment IS NOT NULL RETURNING id) SELECT id FROM changed`, [id, hidden]);
    return rows.length > 0;
  }
}
