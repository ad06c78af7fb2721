import type { DataSource } from 'typeorm';
import { publishedTool } from '../publication';

/** Related tools kept per tool (docs/product/rules.md#R565). */
export const RELATED_TOOLS_PER_TOOL = 4;

/**
 * Rebuilds `tool_related` in one transaction (readers keep the previous list until it commits),
 * for every tool at once (docs/product/rules.md#R565, #R566):
 * 1. tools downloaded by the same members ("téléchargés avec celui-ci"), the most shared first —
 *    only downloads made by a signed-in member count, each member once per pair, so anonymous
 *    fetches (robots, link previews) never make two tools related, nor do fetches that were not
 *    counted (docs/product/rules.md#R670);
 * 2. then the most downloaded tools of the same category and type, of the same category, of the
 *    same type; never the tool itself, at most four; only public tools are proposed as similar
 *    (docs/product/rules.md#R651), and the reads leave out any that is no longer public.
 * The similar tools come from the top few of each category/type, so the work grows with the
 * number of tools and of member downloads, never with their square.
 * Used by the worker's scheduled job; shared here so that the tests run the very same SQL.
 */
export class RelatedToolsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async recompute(): Promise<{ tools: number; rows: number }> {
    return this.dataSource.transaction(async (em) => {
      await em.query(`DELETE FROM tool_related`);
      const inserted: Array<{ tool_id: number }> = await em.query(
        `WITH member_downloads AS (
           SELECT DISTINCT user_id, tool_id FROM download_log WHERE user_id IS NOT NULL AND counted),
         pairs AS (
           SELECT a.tool_id, b.tool_id AS related_tool_id, count(*)::float AS strength
             FROM member_downloads a JOIN member_downloads b ON b.user_id = a.user_id AND b.tool_id <> a.tool_id
            GROUP BY a.tool_id, b.tool_id),
         top_pairs AS (
           SELECT tool_id, related_tool_id, strength FROM (
             SELECT p.*, row_number() OVER (PARTITION BY tool_id ORDER BY strength DESC, related_tool_id) AS n FROM pairs p) x
            WHERE n <= $1),
         ranked_tools AS (
           SELECT id, category_id, type_id, download_count,
                  row_number() OVER (PARTITION BY category_id, type_id ORDER BY download_count DESC, id) AS n_cat_type,
                  row_number() OVER (PARTITION BY category_id ORDER BY download_count DESC, id) AS n_cat,
                  row_number() OVER (PARTITION BY type_id ORDER BY download_count DESC, id) AS n_type
             FROM tool t WHERE ${publishedTool('t')}),
         candidates AS (
           SELECT tool_id, related_tool_id, 0 AS tier, strength FROM top_pairs
           UNION ALL
           SELECT t.id, r.id, 1, r.download_count FROM tool t JOIN ranked_tools r
             ON r.category_id = t.category_id AND r.type_id = t.type_id AND r.id <> t.id AND r.n_cat_type <= $1 + 1
           UNION ALL
           SELECT t.id, r.id, 2, r.download_count FROM tool t JOIN ranked_tools r
             ON r.category_id = t.category_id AND r.id <> t.id AND r.n_cat <= 2 * $1 + 1
           UNION ALL
           SELECT t.id, r.id, 3, r.download_count FROM tool t JOIN ranked_tools r
             ON r.type_id = t.type_id AND r.id <> t.id AND r.n_type <= 3 * $1 + 1),
         best AS (
           SELECT DISTINCT ON (tool_id, related_tool_id) tool_id, related_tool_id, tier, strength
             FROM candidates ORDER BY tool_id, related_tool_id, tier, strength DESC),
         ranked AS (
           SELECT b.*, row_number() OVER (PARTITION BY tool_id ORDER BY tier, strength DESC, related_tool_id) AS position FROM best b)
         INSERT INTO tool_related (tool_id, related_tool_id, position, reason)
         SELECT tool_id, related_tool_id, position, CASE WHEN tier = 0 THEN 'co-download' ELSE 'similar' END
           FROM ranked WHERE position <= $1
         RETURNING tool_id`,
        [RELATED_TOOLS_PER_TOOL],
      );
      return { tools: new Set(inserted.map((r) => r.tool_id)).size, rows: inserted.length };
    });
  }
}
