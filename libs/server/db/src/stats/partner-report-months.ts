import type { EntityManager } from 'typeorm';
import type { PartnerReportMonth } from '@outils/contracts';

/**
 * A partner's figures per month (docs/product/rules.md#R999), from its counted events: each kind's
 * count, and its visitors as the COUNTER "unique" figures — distinct visitors per day, summed over the
 * month's days. Shared by the API's report page and the worker's monthly CSV, so that both say the same.
 * `month` (`YYYY-MM`) limits it to one month; newest first.
 */
export async function partnerReportMonths(em: Pick<EntityManager, 'query'>, partnerId: string, month?: string): Promise<PartnerReportMonth[]> {
  const rows: Array<Record<string, string>> = await em.query(
    `WITH daily AS (
       SELECT to_char(day, 'YYYY-MM') AS month, day, kind, count(*) AS events, count(DISTINCT visitor) AS visitors
         FROM partner_event WHERE partner_id = $1::uuid AND ($2::text IS NULL OR to_char(day, 'YYYY-MM') = $2)
        GROUP BY day, kind),
     everyone AS (
       SELECT to_char(day, 'YYYY-MM') AS month, day, count(DISTINCT visitor) AS visitors
         FROM partner_event WHERE partner_id = $1::uuid AND ($2::text IS NULL OR to_char(day, 'YYYY-MM') = $2)
        GROUP BY day)
     SELECT m.month,
            COALESCE(sum(d.events) FILTER (WHERE d.kind = 'view'), 0) AS views,
            COALESCE(sum(d.visitors) FILTER (WHERE d.kind = 'view'), 0) AS view_visitors,
            COALESCE(sum(d.events) FILTER (WHERE d.kind = 'sheet'), 0) AS sheets,
            COALESCE(sum(d.visitors) FILTER (WHERE d.kind = 'sheet'), 0) AS sheet_visitors,
            COALESCE(sum(d.events) FILTER (WHERE d.kind = 'download'), 0) AS downloads,
            COALESCE(sum(d.visitors) FILTER (WHERE d.kind = 'download'), 0) AS download_visitors,
            COALESCE(sum(d.events) FILTER (WHERE d.kind = 'signup'), 0) AS signups,
            (SELECT sum(e.visitors) FROM everyone e WHERE e.month = m.month) AS visitors
       FROM (SELECT DISTINCT month FROM daily) m JOIN daily d ON d.month = m.month
      GROUP BY m.month ORDER BY m.month DESC`,
    [partnerId, month ?? null],
  );
  return rows.map((r) => ({
    month: r.month,
    views: Number(r.views),
    viewVisitors: Number(r.view_visitors),
    sheets: Number(r.sheets),
    sheetVisitors: Number(r.sheet_visitors),
    downloads: Number(r.downloads),
    downloadVisitors: Number(r.download_visitors),
    signups: Number(r.signups),
    visitors: Number(r.visitors),
  }));
}
