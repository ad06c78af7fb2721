import { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { InsightsWebRoutes, STATS_GRANULARITIES, StatsGranularity, StatsQuery, WebRoutes } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form';
import { MessageBox } from '../../../components/ui/message-box';
import { useAdminStatsFiltersQuery, useAdminStatsQuery } from '../api/admin-insights.api';
import { problemText } from '../problem';
import { InsightsTexts as T } from '../texts';
import { ChartSeries, ChartTable, TrendChart } from './trend-chart';
import { ExportButton } from './export-button';
import { VersionTable } from './version-table';
import { frenchDay, frenchPeriod, frenchTick } from '../format';
import styles from './insights.module.css';

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

/**
 * /admin/stats (docs/product/rules.md#R675–R679): downloads over time, top tools, e-mail share,
 * sign-ups; laid out like the other admin pages (docs/product/rules.md#R745).
 */
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

  const granularity = data?.granularity ?? query.granularity ?? 'day';
  const label = (period: string) => frenchPeriod(period, granularity);
  const tick = (period: string) => frenchTick(period, granularity);

  return (
    <div className={styles.page}>
      <title>{`${T.statsTitle} — Outils`}</title>
      <p className={styles.back}><Link to={WebRoutes.admin}><span aria-hidden="true">← </span>{T.back}</Link></p>
      <div className={styles.header}>
        <h1>{T.statsTitle}</h1>
        <p className={styles.scope}>
          <span>{data?.scope.toolName ? T.oneTool(data.scope.toolName) : T.allTools}</span>
          {query.toolId ? <> — <Link to={InsightsWebRoutes.stats}>{T.showAllTools}</Link></> : null}
        </p>
      </div>
      <form className={styles.card} onSubmit={submit} key={params.toString() + (data?.from ?? '')} aria-label="Filtres des statistiques">
        <div className={styles.fields}>
          <TextField label={T.from} type="date" name="from" defaultValue={data?.from ?? query.from} required />
          <TextField label={T.to} type="date" name="to" defaultValue={data?.to ?? query.to} required />
          <SelectField label={T.granularity} name="granularity" defaultValue={query.granularity ?? 'day'}
            options={STATS_GRANULARITIES.map((g) => ({ value: g, label: T.granularities[g] }))} />
          {query.toolId ? null : (
            <>
              <SelectField label={T.category} name="category" defaultValue={query.categoryId ?? ''} placeholder={T.all}
                options={(filters?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))} />
              <SelectField label={T.type} name="type" defaultValue={query.typeId ?? ''} placeholder={T.all}
                options={(filters?.types ?? []).map((c) => ({ value: String(c.id), label: c.name }))} />
            </>
          )}
          <div className={styles.fieldsAction}><Button type="submit" busy={isFetching}>{T.apply}</Button></div>
        </div>
      </form>
      {error ? <MessageBox tone="error">{problemText(error, T.loadFailed)}</MessageBox> : null}
      {!data && !error ? <p role="status">{T.loading}</p> : null}
      {data ? (
        <>
          <section aria-labelledby="stats-totals" className={styles.section}>
            <h2 id="stats-totals" className={styles.sectionTitle}>{T.totals}</h2>
            <dl className={styles.figures}>
              <div className={styles.figure}><dt>{T.downloads}</dt><dd>{number.format(data.totals.downloads)}</dd></div>
              <div className={styles.figure}><dt>{T.emailShare}</dt><dd>{data.totals.emailShare === null ? '—' : percent.format(data.totals.emailShare)}</dd></div>
              <div className={styles.figure}><dt>{T.signups}</dt><dd>{number.format(data.totals.signups)}</dd></div>
              <div className={styles.figure}><dt>{T.subscriptions}</dt><dd>{number.format(data.totals.subscriptions)}</dd></div>
            </dl>
            <p className={styles.note}>{T.previous(number.format(data.previous.downloads), data.previous.downloads, frenchDay(data.previous.from), frenchDay(data.previous.to))}</p>
          </section>
          <section aria-labelledby="stats-downloads" className={styles.card}>
            <h2 id="stats-downloads">{T.downloadsTitle}</h2>
            <TrendChart data={data.series as never} series={DOWNLOAD_SERIES} tick={tick} label={label} />
            <ChartTable title={T.tableCaption(T.downloadsTitle)} data={data.series as never} series={DOWNLOAD_SERIES} periodLabel={T.period} label={label} />
          </section>
          <section aria-labelledby="stats-top" className={styles.card}>
            <h2 id="stats-top">{T.topTitle}</h2>
            {data.top.length === 0 ? <p className={styles.empty}>{T.noData}</p> : (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <caption>{T.topTitle}</caption>
                  <thead><tr><th scope="col">{T.tool}</th><th scope="col" className={styles.num}>{T.downloads}</th><th scope="col" className={styles.num}>{T.trend}</th></tr></thead>
                  <tbody>
                    {data.top.map((tool) => (
                      <tr key={tool.toolId}>
                        <th scope="row"><Link to={InsightsWebRoutes.toolStats(tool.toolId)}>{tool.name}</Link></th>
                        <td className={styles.num}>{number.format(tool.downloads)}</td>
                        <td className={styles.num}>{tool.trendPercent === null ? T.newTrend : `${tool.trendPercent > 0 ? '+' : ''}${number.format(tool.trendPercent)} %`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          {data.versions ? <VersionTable versions={data.versions} /> : null}
          <section aria-labelledby="stats-activity" className={styles.card}>
            <h2 id="stats-activity">{T.activityTitle}</h2>
            <TrendChart data={data.activity as never} series={ACTIVITY_SERIES} tick={tick} label={label} />
            <ChartTable title={T.tableCaption(T.activityTitle)} data={data.activity as never} series={ACTIVITY_SERIES} periodLabel={T.period} label={label} />
          </section>
          <section aria-labelledby="stats-export" className={styles.card}>
            <h2 id="stats-export">{T.exportTitle}</h2>
            <p className={styles.note}>{T.exportDownloadsNote(frenchDay(data.from), frenchDay(data.to))}</p>
            <ExportButton kind="downloads" from={data.from} to={data.to} label={T.exportDownloads} />
          </section>
        </>
      ) : null}
    </div>
  );
}
