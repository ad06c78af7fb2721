import type { ActivityPoint, StatsGranularity, StatsPoint } from '@outils/contracts';
import { addDays } from '@outils/server-db';
import type { DayActivity, DayFigures, PastDownloads } from './admin-insights.repository';

/** The start of the day's period: the day, the Monday of its ISO week, or the first of its month. */
export function periodOf(day: string, granularity: StatsGranularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every period start from `from`'s to `to`'s (docs/product/rules.md#R675: empty periods show as 0). */
export function periodsOf(from: string, to: string, granularity: StatsGranularity): string[] {
  const periods: string[] = [];
  const last = periodOf(to, granularity);
  for (let p = periodOf(from, granularity); p <= last; ) {
    periods.push(p);
    if (granularity === 'day') p = addDays(p, 1);
    else if (granularity === 'week') p = addDays(p, 7);
    else {
      const [y, m] = p.split('-').map(Number);
      p = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return periods;
}

/** The days `from`..`to` (inclusive), each with its figures, summed by period. */
export function downloadSeries(days: Map<string, DayFigures>, from: string, to: string, granularity: StatsGranularity): StatsPoint[] {
  const byPeriod = new Map(periodsOf(from, to, granularity).map((period) => [period, { period, downloads: 0, withEmail: 0 }]));
  for (const [day, figures] of days) {
    if (day < from || day > to) continue;
    const point = byPeriod.get(periodOf(day, granularity));
    if (!point) continue;
    point.downloads += figures.downloads;
    point.withEmail += figures.withEmail;
  }
  return [...byPeriod.values()];
}

export function activitySeries(days: Map<string, DayActivity>, from: string, to: string, granularity: StatsGranularity): ActivityPoint[] {
  const byPeriod = new Map(periodsOf(from, to, granularity).map((period) => [period, { period, signups: 0, subscriptions: 0 }]));
  for (const [day, figures] of days) {
    if (day < from || day > to) continue;
    const point = byPeriod.get(periodOf(day, granularity));
    if (!point) continue;
    point.signups += figures.signups;
    point.subscriptions += figures.subscriptions;
  }
  return [...byPeriod.values()];
}

/** A tool's downloads over the range and over the previous period. */
export interface RankedTool { id: number; name: string; slug: string; downloads: number; previous: number }

/** The days of a request: the range, its previous period of the same length, its step. */
export interface StatsRange { previousFrom: string; previousTo: string; from: string; to: string; granularity: StatsGranularity }

/**
 * What the daily rows say of the days before today, summed once for a range (docs/product/rules.md#R685):
 * the periods, the previous period's total, every tool's figures and the tools ranked.
 * Kept in memory and shared by requests: never changed once built.
 */
export interface PastFigures {
  series: readonly StatsPoint[];
  activity: readonly ActivityPoint[];
  previousDownloads: number;
  tools: ReadonlyMap<number, RankedTool>;
  /** The `limit` first of `tools` (downloads in the range, then id), those without a download left out. */
  ranked: readonly RankedTool[];
}

const byRank = (a: RankedTool, b: RankedTool) => b.downloads - a.downloads || a.id - b.id;

export function pastFigures(downloads: PastDownloads, activity: Map<string, DayActivity>, range: StatsRange, limit: number): PastFigures {
  const tools = new Map<number, RankedTool>();
  for (const f of downloads.tools) {
    const tool = tools.get(f.toolId) ?? { id: f.toolId, name: f.name, slug: f.slug, downloads: 0, previous: 0 };
    if (f.current) tool.downloads += f.downloads;
    else tool.previous += f.downloads;
    tools.set(f.toolId, tool);
  }
  let previousDownloads = 0;
  for (const [day, figures] of downloads.days) if (day >= range.previousFrom && day <= range.previousTo) previousDownloads += figures.downloads;
  return {
    series: downloadSeries(downloads.days, range.from, range.to, range.granularity),
    activity: activitySeries(activity, range.from, range.to, range.granularity),
    previousDownloads,
    tools,
    ranked: [...tools.values()].filter((t) => t.downloads > 0).sort(byRank).slice(0, limit),
  };
}

/** Today's counted downloads per tool, read live. */
export interface TodayTool { toolId: number; name: string; slug: string; downloads: number; withEmail: number }

/**
 * The `limit` tools with the most downloads over the range once today's are added (to the range,
 * or to the previous period when `todayInRange` is false). Only today's tools and the past's first
 * `limit` can rank: every other tool has `limit` tools ahead of it that today can only push up.
 */
export function rankWithToday(past: PastFigures, today: readonly TodayTool[], todayInRange: boolean, limit: number): RankedTool[] {
  const todayById = new Map(today.map((t) => [t.toolId, t]));
  const candidates = new Map<number, RankedTool>();
  const add = (id: number, name: string, slug: string) => {
    if (candidates.has(id)) return;
    const before = past.tools.get(id);
    const added = todayById.get(id)?.downloads ?? 0;
    candidates.set(id, {
      id, name: before?.name ?? name, slug: before?.slug ?? slug,
      downloads: (before?.downloads ?? 0) + (todayInRange ? added : 0),
      previous: (before?.previous ?? 0) + (todayInRange ? 0 : added),
    });
  };
  for (const t of past.ranked) add(t.id, t.name, t.slug);
  if (todayInRange) for (const t of today) add(t.toolId, t.name, t.slug);
  return [...candidates.values()].filter((t) => t.downloads > 0).sort(byRank).slice(0, limit);
}

/** `series` with today's figures added to today's period (a new array; `series` is left as it is). */
export function withTodayPoint<T extends { period: string }>(series: readonly T[], period: string, add: (point: T) => T): T[] {
  return series.map((point) => (point.period === period ? add(point) : point));
}
