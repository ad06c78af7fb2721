// @ts-check
// The statistics bench's BASELINE: a bare node:http + pg server answering, byte for byte, what
// GET /admin/stats answers for the last 30 days of all tools, from the same rows: the daily rows
// of the period and of the previous one (download_daily, activity_daily) and today's rows read
// live from the log, in two statements per request, summed in JavaScript. No framework, session,
// validation, nor memory of past days between requests. What the API adds on top of the data
// itself is the gap between the two; the bench checks that both answer the same bytes.
// Environment: DATABASE_URL, PORT.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const TZ = 'Europe/Paris';
const parisDay = (at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const addDays = (/** @type {string} */ day, /** @type {number} */ n) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const todayRange = `created_at >= ($1::date::timestamp AT TIME ZONE '${TZ}') AND created_at < (($1::date + 1)::timestamp AT TIME ZONE '${TZ}')`;

createServer(async (_req, res) => {
  try {
    const today = parisDay();
    const from = addDays(today, -29);
    const previousFrom = addDays(today, -59);
    const previousTo = addDays(today, -30);
    const [downloads, activity] = await Promise.all([
      pool.query(
        `WITH rows AS (
           SELECT day, tool_id, downloads, with_email FROM download_daily WHERE day BETWEEN $2::date AND $1::date - 1
           UNION ALL
           SELECT $1::date, tool_id, count(*)::int, count(email)::int FROM download_log WHERE counted AND ${todayRange} GROUP BY tool_id)
         SELECT to_char(r.day, 'YYYY-MM-DD') AS day, r.tool_id, r.day >= $3::date AS current, sum(r.downloads)::int AS downloads,
                sum(r.with_email)::int AS with_email, min(t.name) AS name, min(t.slug) AS slug
           FROM rows r JOIN tool t ON t.id = r.tool_id
          GROUP BY GROUPING SETS ((r.day), (r.tool_id, r.day >= $3::date))`,
        [today, previousFrom, from],
      ),
      pool.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, signups, subscriptions FROM activity_daily WHERE day BETWEEN $2::date AND $1::date - 1
         UNION ALL
         SELECT to_char($1::date, 'YYYY-MM-DD'),
                (SELECT count(*)::int FROM app_user WHERE activated_at >= ($1::date::timestamp AT TIME ZONE '${TZ}') AND activated_at < (($1::date + 1)::timestamp AT TIME ZONE '${TZ}')),
                (SELECT count(*)::int FROM newsletter_event WHERE kind = 'confirmed' AND ${todayRange})`,
        [today, from],
      ),
    ]);
    /** @type {Map<string, { downloads: number, withEmail: number }>} */
    const days = new Map();
    /** @type {Map<number, { toolId: number, name: string, slug: string, downloads: number, previousDownloads: number }>} */
    const tools = new Map();
    for (const r of downloads.rows) {
      if (r.day !== null) days.set(r.day, { downloads: r.downloads, withEmail: r.with_email });
      else {
        const t = tools.get(r.tool_id) ?? { toolId: r.tool_id, name: r.name, slug: r.slug, downloads: 0, previousDownloads: 0 };
        if (r.current) t.downloads += r.downloads;
        else t.previousDownloads += r.downloads;
        tools.set(r.tool_id, t);
      }
    }
    const series = [];
    const activityByDay = new Map(activity.rows.map((a) => [a.day, a]));
    const activityPoints = [];
    let previous = 0;
    for (let d = previousFrom; d <= previousTo; d = addDays(d, 1)) previous += days.get(d)?.downloads ?? 0;
    for (let d = from; d <= today; d = addDays(d, 1)) {
      series.push({ period: d, downloads: days.get(d)?.downloads ?? 0, withEmail: days.get(d)?.withEmail ?? 0 });
      activityPoints.push({ period: d, signups: activityByDay.get(d)?.signups ?? 0, subscriptions: activityByDay.get(d)?.subscriptions ?? 0 });
    }
    const total = series.reduce((s, p) => s + p.downloads, 0);
    const withEmail = series.reduce((s, p) => s + p.withEmail, 0);
    const top = [...tools.values()].filter((t) => t.downloads > 0).sort((a, b) => b.downloads - a.downloads || a.toolId - b.toolId).slice(0, 10)
      .map((t) => ({ ...t, trendPercent: t.previousDownloads > 0 ? Math.round(((t.downloads - t.previousDownloads) / t.previousDownloads) * 1000) / 10 : null }));
    const body = {
      from, to: today, granularity: 'day',
      previous: { from: previousFrom, to: previousTo, downloads: previous },
      scope: { toolId: null, categoryId: null, typeId: null, toolName: null },
      series, activity: activityPoints,
      totals: {
        downloads: total, withEmail, emailShare: total > 0 ? withEmail / total : null,
        signups: activityPoints.reduce((s, a) => s + a.signups, 0), subscriptions: activityPoints.reduce((s, a) => s + a.subscriptions, 0),
      },
      top,
    };
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
