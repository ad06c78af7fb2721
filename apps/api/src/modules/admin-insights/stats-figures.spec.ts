import { activitySeries, downloadSeries, pastFigures, periodsOf, rankWithToday, withTodayPoint } from './stats-figures';

describe('statistics figures (docs/product/rules.md#R675)', () => {
  it('starts weeks on Monday and months on the first, across a year end, with every period of the range', () => {
    expect(periodsOf('2025-12-30', '2026-01-12', 'week')).toEqual(['2025-12-29', '2026-01-05', '2026-01-12']);
    expect(periodsOf('2025-11-15', '2026-02-01', 'month')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
    expect(periodsOf('2026-03-30', '2026-04-01', 'day')).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
  });

  it('sums the days of the range by period, empty periods as 0, days outside the range left out', () => {
    const days = new Map([
      ['2026-03-29', { downloads: 9, withEmail: 9 }], // a Sunday, before the range
      ['2026-03-30', { downloads: 2, withEmail: 1 }],
      ['2026-04-05', { downloads: 3, withEmail: 0 }], // the Sunday of the same week
    ]);
    expect(downloadSeries(days, '2026-03-30', '2026-04-13', 'week')).toEqual([
      { period: '2026-03-30', downloads: 5, withEmail: 1 },
      { period: '2026-04-06', downloads: 0, withEmail: 0 },
      { period: '2026-04-13', downloads: 0, withEmail: 0 },
    ]);
    expect(activitySeries(new Map([['2026-04-02', { signups: 1, subscriptions: 2 }]]), '2026-04-01', '2026-05-01', 'month')).toEqual([
      { period: '2026-04-01', signups: 1, subscriptions: 2 },
      { period: '2026-05-01', signups: 0, subscriptions: 0 },
    ]);
  });

  const tool = (toolId: number, current: boolean, downloads: number) => ({ toolId, name: `Outil ${toolId}`, slug: `outil-${toolId}`, current, downloads });
  const today = (toolId: number, downloads: number) => ({ toolId, name: `Outil ${toolId}`, slug: `outil-${toolId}`, downloads, withEmail: 0 });
  const range = { previousFrom: '2026-03-23', previousTo: '2026-03-29', from: '2026-03-30', to: '2026-04-05', granularity: 'day' as const };
  const rank = (ranked: ReadonlyArray<{ id: number; downloads: number; previous: number }>) => ranked.map((t) => `${t.id}: ${t.downloads} (${t.previous})`);

  it('ranks the past days’ tools by downloads of the range, ties by id, the previous period beside, tools without a download in the range left out', () => {
    const days = new Map([['2026-03-25', { downloads: 11, withEmail: 0 }], ['2026-03-31', { downloads: 10, withEmail: 1 }]]);
    const past = pastFigures({ days, tools: [tool(3, true, 2), tool(2, true, 1), tool(2, true, 1), tool(2, false, 4), tool(1, false, 7), tool(4, true, 5)] }, new Map(), range, 3);
    expect(rank(past.ranked)).toEqual(['4: 5 (0)', '2: 2 (4)', '3: 2 (0)']);
    expect(past.previousDownloads).toBe(11);
    expect(past.series.find((p) => p.period === '2026-03-31')).toEqual({ period: '2026-03-31', downloads: 10, withEmail: 1 });
  });

  it('adds today: a tool out of the past’s first ones can climb in, one never downloaded before can enter; a past range puts today in the previous period', () => {
    const past = pastFigures({ days: new Map(), tools: [tool(1, true, 5), tool(2, true, 4), tool(3, true, 3), tool(2, false, 1)] }, new Map(), range, 2);
    expect(rank(rankWithToday(past, [today(3, 2), today(9, 4)], true, 2))).toEqual(['1: 5 (0)', '3: 5 (0)']);
    expect(rank(rankWithToday(past, [today(9, 6)], true, 2))).toEqual(['9: 6 (0)', '1: 5 (0)']);
    expect(rank(rankWithToday(past, [today(2, 3), today(9, 6)], false, 2))).toEqual(['1: 5 (0)', '2: 4 (4)']);
  });

  it('adds today to its period in a new series, the kept one unchanged', () => {
    const kept = [{ period: '2026-03-30', downloads: 1, withEmail: 0 }, { period: '2026-04-06', downloads: 0, withEmail: 0 }];
    const series = withTodayPoint(kept, '2026-04-06', (p) => ({ ...p, downloads: p.downloads + 2 }));
    expect(series.map((p) => p.downloads)).toEqual([1, 2]);
    expect(kept[1].downloads).toBe(0);
  });
});
