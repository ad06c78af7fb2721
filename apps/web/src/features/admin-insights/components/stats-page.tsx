import { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { InsightsWebRoutes, STATS_GRANULARITIES, StatsGranularity, StatsQuery, WebRoutes } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { useAdminStatsFiltersQuery, useAdminStatsQuery } from '../api/admin-insights.api';
import { problemText } from '../problem';
import { InsightsTexts as T } from '../texts';
import { ChartSeries, ChartTable, TrendChart } from './trend-chart';
import { ExportButton } from './export-button';

const DOWNLOAD_SERIES: ChartSeries[] = [
  { key: 'downloads', label: T.downloads, color: '#1d4ed8' },
  { key: 'withEmail', label: T.withEmail, color: '#b45309' },
];
const ACTIVITY_SERIES: ChartSeries[] = [
  { key: 'signups', label: T.signups, color: '#047857' },
  { key: 'subscriptions', label: T.subscriptions, color: '#7c3aed' },
];

const id = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** The statistics' query, read from the address so that a view can be shared and kept (docs/product/rules.md#R678). */
export function statsQueryOf(params: URLSearchParams): StatsQuery {
  const granularity = params.get('granularity');
  return {
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    granularity: (STATS_GRANULARITIES as readonly string[]).includes(granularity ?? '') ? (granularity as StatsGranularity) : undefined,
    toolId: id(params.get('tool')),
    categoryId: id(params.get('category')),
    typeId: id(params.get('type')),
  };
}

/** /admin/stats (docs/product/rules.md#R675–R679): downloads over time, top tools, e-mail share, sign-ups. */
export function StatsPage() {
  const [params, setParams] = useSearchParams();
  const query = statsQueryOf(params);
  const { data, error, isFetching } = useAdminStatsQuery(query);
  const { data: filters } = useAdminStatsFiltersQuery();
  const number = new Intl.NumberFormat('fr-FR');
  const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget.elements;
    const next = new URLSearchParams();
    for (const key of ['from', 'to', 'granularity', 'category', 'type']) {
      const value = (form.namedItem(key) as HTMLInputElement | HTMLSelectElement | null)?.value ?? '';
      if (value) next.set(key, value);
    }
    if (query.toolId && !next.get('category') && !next.get('type')) next.set('tool', String(query.toolId));
    setParams(next);
  };

  return (
    <div>
      <title>{`${T.statsTitle} — Outils`}</title>
      <p><Link to={WebRoutes.admin}>{T.back}</Link></p>
      <h1>{T.statsTitle}</h1>
      <p>
        <span>{data?.scope.toolName ? T.oneTool(data.scope.toolName) : T.allTools}</span>
        {query.toolId ? <> — <Link to={InsightsWebRoutes.stats}>{T.showAllTools}</Link></> : null}
      </p>
      <form onSubmit={submit} key={params.toString() + (data?.from ?? '')} aria-label="Filtres des statistiques">
        <label>{T.from} <input type="date" name="from" defaultValue={data?.from ?? query.from} required /></label>{' '}
        <label>{T.to} <input type="date" name="to" defaultValue={data?.to ?? query.to} required /></label>{' '}
        <label>
          {T.granularity}{' '}
          <select name="granularity" defaultValue={query.granularity ?? 'day'}>
            {STATS_GRANULARITIES.map((g) => <option key={g} value={g}>{T.granularities[g]}</option>)}
          </select>
        </label>{' '}
        {query.toolId ? null : (
          <>
            <label>
              {T.category}{' '}
              <select name="category" defaultValue={query.categoryId ?? ''}>
                <option value="">{T.all}</option>
                {filters?.categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </select>
            </label>{' '}
            <label>
              {T.type}{' '}
              <select name="type" defaultValue={query.typeId ?? ''}>
                <option value="">{T.all}</option>
                {filters?.types.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </select>
            </label>{' '}
          </>
        )}
        <Button type="submit" busy={isFetching}>{T.apply}</Button>
      </form>
      {error ? <MessageBox tone="error">{problemText(error, T.loadFailed)}</MessageBox> : null}
      {!data && !error ? <p role="status">{T.loading}</p> : null}
      {data ? (
        <>
          <section aria-labelledby="stats-totals">
            <h2 id="stats-totals">{T.totals}</h2>
            <dl>
              <dt>{T.downloads}</dt><dd>{number.format(data.totals.downloads)}</dd>
              <dt>{T.emailShare}</dt><dd>{data.totals.emailShare === null ? '—' : percent.format(data.totals.emailShare)}</dd>
              <dt>{T.signups}</dt><dd>{number.format(data.totals.signups)}</dd>
              <dt>{T.subscriptions}</dt><dd>{number.format(data.totals.subscriptions)}</dd>
            </dl>
            <p>{T.previous(number.format(data.previous.downloads), data.previous.from, data.previous.to)}</p>
          </section>
          <section aria-labelledby="stats-downloads">
            <h2 id="stats-downloads">{T.downloadsTitle}</h2>
            <TrendChart data={data.series as never} series={DOWNLOAD_SERIES} />
            <ChartTable title={T.tableCaption(T.downloadsTitle)} data={data.series as never} series={DOWNLOAD_SERIES} periodLabel={T.period} />
          </section>
          <section aria-labelledby="stats-top">
            <h2 id="stats-top">{T.topTitle}</h2>
            {data.top.length === 0 ? <p>{T.noData}</p> : (
              <table>
                <caption>{T.topTitle}</caption>
                <thead><tr><th scope="col">{T.tool}</th><th scope="col">{T.downloads}</th><th scope="col">{T.trend}</th></tr></thead>
                <tbody>
                  {data.top.map((tool) => (
                    <tr key={tool.toolId}>
                      <th scope="row"><Link to={InsightsWebRoutes.toolStats(tool.toolId)}>{tool.name}</Link></th>
                      <td>{number.format(tool.downloads)}</td>
                      <td>{tool.trendPercent === null ? T.newTrend : `${tool.trendPercent > 0 ? '+' : ''}${number.format(tool.trendPercent)} %`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby="stats-activity">
            <h2 id="stats-activity">{T.activityTitle}</h2>
            <TrendChart data={data.activity as never} series={ACTIVITY_SERIES} />
            <ChartTable title={T.tableCaption(T.activityTitle)} data={data.activity as never} series={ACTIVITY_SERIES} periodLabel={T.period} />
          </section>
          <section aria-labelledby="stats-export">
            <h2 id="stats-export">{T.exportTitle}</h2>
            <ExportButton kind="downloads" from={data.from} to={data.to} label={T.exportDownloads} />
          </section>
        </>
      ) : null}
    </div>
  );
}
