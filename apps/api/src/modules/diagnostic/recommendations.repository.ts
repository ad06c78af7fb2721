import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { publishedTool } from '@outils/server-db';

export interface MemberProfileRow { area_name: string | null; job: string | null }
export interface LatestResultRow { answer_ids: number[]; priority_axis_ids: number[] }
/** A candidate tool with the strength of one signal and the words of its reason. */
export interface SignalRow { tool_id: number; strength: number; detail: string }
export interface RelatedRow { related_tool_id: number; reason: 'co-download' | 'similar' }

/**
 * The signals of 'Pour vous' (docs/product/rules.md#R985) and the related tools as the worker last
 * computed them (docs/product/rules.md#R565). Every query leaves out the tools the member downloaded;
 * only public tools are proposed (docs/product/rules.md#R651).
 */
@Injectable()
export class RecommendationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async profile(userId: string): Promise<MemberProfileRow | null> {
    const rows: MemberProfileRow[] = await this.dataSource.query(
      `SELECT a.name AS area_name, u.job FROM app_user u LEFT JOIN activity_area a ON a.id = u.activity_area_id WHERE u.id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async latestResult(userId: string): Promise<LatestResultRow | null> {
    const rows: LatestResultRow[] = await this.dataSource.query(
      `SELECT answer_ids, priority_axis_ids FROM diagnostic_result WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT 1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async downloadedIds(userId: string): Promise<Set<number>> {
    const rows: Array<{ tool_id: number }> = await this.dataSource.query(`SELECT DISTINCT tool_id FROM download_log WHERE user_id = $1`, [userId]);
    return new Set(rows.map((r) => r.tool_id));
  }

  /**
   * The tools the member said were of no use to them: answered 'Non' to « Cet outil vous a-t-il
   * aidé ? », or marked 'Pas utile' as a step of the plan they follow (docs/product/rules.md#R988).
   */
  async notUsefulIds(userId: string): Promise<Set<number>> {
    const rows: Array<{ tool_id: number }> = await this.dataSource.query(
      `SELECT tool_id FROM tool_usefulness WHERE user_id = $1 AND NOT useful
       UNION SELECT s.tool_id FROM plan_step s JOIN plan_follow_up p ON p.id = s.plan_id WHERE p.user_id = $1 AND s.answer = 'not_useful'`,
      [userId],
    );
    return new Set(rows.map((r) => r.tool_id));
  }

  /**
   * Tools other members of the same activity area found useful (docs/product/rules.md#R986): per
   * tool, the members whose counted answer is 'Oui' (one answer per member and tool, so one row per
   * member, each member being one company) — only from `minimum` of them, and only when 'Oui' is at
   * least half of the area's counted answers. Nothing but that count leaves the query.
   */
  async usefulInArea(userId: string, minimum: number): Promise<SignalRow[]> {
    return this.dataSource.query(
      `WITH me AS (SELECT activity_area_id FROM app_user WHERE id = $1 AND activity_area_id IS NOT NULL)
       SELECT u.tool_id, count(*) FILTER (WHERE u.useful)::int AS strength, '' AS detail
         FROM tool_usefulness u JOIN app_user p ON p.id = u.user_id JOIN me ON p.activity_area_id = me.activity_area_id
         JOIN tool t ON t.id = u.tool_id AND ${publishedTool('t')}
        WHERE u.counted AND u.user_id <> $1
        GROUP BY u.tool_id
       HAVING count(*) FILTER (WHERE u.useful) >= $2 AND 2 * count(*) FILTER (WHERE u.useful) >= count(*)
        ORDER BY strength DESC, u.tool_id LIMIT 50`,
      [userId, minimum],
    );
  }

  /** Tools other members of the same activity area or kept as favourites (distinct members). */
  async areaSignals(userId: string): Promise<SignalRow[]> {
    return this.dataSource.query(
      `WITH me AS (SELECT activity_area_id FROM app_user WHERE id = $1 AND activity_area_id IS NOT NULL),
            peers AS (SELECT u.id FROM app_user u JOIN me ON u.activity_area_id = me.activity_area_id WHERE u.id <> $1),
            used AS (SELECT d.tool_id, d.user_id FROM download_log d JOIN peers p ON p.id = d.user_id AND d.counted
                     UNION SELECT f.tool_id, f.user_id FROM favorite f JOIN peers p ON p.id = f.user_id)
       SELECT tool_id, count(DISTINCT user_id)::int AS strength, '' AS detail FROM used GROUP BY tool_id ORDER BY strength DESC, tool_id LIMIT 50`,
      [userId],
    );
  }

  /**
   * Tools whose text holds words of a sector or a trade (`query`: an OR query of whole words,
   * sector-audiences.ts), the strongest match first (docs/product/rules.md#R985).
   */
  async audienceSignals(query: string): Promise<SignalRow[]> {
    return this.dataSource.query(
      `SELECT t.id AS tool_id, ts_rank(t.search_vector, q)::float AS strength, '' AS detail
         FROM tool t, to_tsquery('public.simple_unaccent', $1) q
        WHERE t.search_vector @@ q AND ${publishedTool('t')} ORDER BY strength DESC, t.id LIMIT 30`,
      [query],
    );
  }

  /** Tools of the same category as the member's favourites (not the favourites themselves). */
  async favouriteSignals(userId: string): Promise<SignalRow[]> {
    return this.dataSource.query(
      `SELECT DISTINCT ON (t.id) t.id AS tool_id, 1 AS strength, fav.name AS detail
         FROM favorite f JOIN tool fav ON fav.id = f.tool_id
         JOIN tool t ON t.category_id = fav.category_id AND t.id <> fav.id AND ${publishedTool('t')}
        WHERE f.user_id = $1 AND NOT EXISTS (SELECT 1 FROM favorite g WHERE g.user_id = $1 AND g.tool_id = t.id)
        ORDER BY t.id, f.created_at DESC
        LIMIT 60`,
      [userId],
    );
  }

  /** The related tools (co-downloads first) of what the member downloaded. */
  async downloadSignals(userId: string): Promise<SignalRow[]> {
    return this.dataSource.query(
      `SELECT DISTINCT ON (r.related_tool_id) r.related_tool_id AS tool_id,
              (CASE WHEN r.reason = 'co-download' THEN 2 ELSE 1 END) AS strength, src.name AS detail
         FROM (SELECT DISTINCT tool_id FROM download_log WHERE user_id = $1) d
         JOIN tool_related r ON r.tool_id = d.tool_id JOIN tool src ON src.id = d.tool_id
         JOIN tool t ON t.id = r.related_tool_id AND ${publishedTool('t')}
        ORDER BY r.related_tool_id, strength DESC, r.position
        LIMIT 60`,
      [userId],
    );
  }

  /** The month's most downloaded tools, completed by the all-time counter. */
  async popularOfMonth(limit: number, exclude: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `SELECT t.id FROM tool t
         LEFT JOIN (SELECT tool_id, count(*)::int AS n FROM download_log WHERE counted AND created_at > now() - interval '30 days' GROUP BY tool_id) m ON m.tool_id = t.id
        WHERE NOT (t.id = ANY($2::int[])) AND ${publishedTool('t')}
        ORDER BY COALESCE(m.n, 0) DESC, t.download_count DESC, t.id LIMIT $1`,
      [limit, exclude],
    );
    return rows.map((r) => r.id);
  }

  async related(toolId: number, limit: number): Promise<RelatedRow[]> {
    return this.dataSource.query(
      `SELECT r.related_tool_id, r.reason FROM tool_related r JOIN tool t ON t.id = r.related_tool_id
        WHERE r.tool_id = $1 AND ${publishedTool('t')} ORDER BY r.position LIMIT $2`,
      [toolId, limit],
    );
  }
}
