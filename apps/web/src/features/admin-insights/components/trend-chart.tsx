import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { InsightsTexts as T } from '../texts';
import styles from './insights.module.css';

export interface ChartSeries { key: string; label: string; color: string }

/**
 * A line chart of per-period figures (recharts, in the admin's lazy route chunk only). Hidden from
 * assistive technologies: the same figures are in the table under it (docs/product/rules.md#R745).
 * `tick` and `label` write the periods in French (docs/product/rules.md#R748).
 */
export function TrendChart({ data, series, tick, label }: {
  data: Array<Record<string, string | number>>;
  series: ChartSeries[];
  tick: (period: string) => string;
  label: (period: string) => string;
}) {
  return (
    <div aria-hidden="true" style={{ width: '100%', height: 260 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="period" tickFormatter={(value) => tick(String(value))} minTickGap={16} />
          <YAxis allowDecimals={false} />
          <Tooltip labelFormatter={(value) => label(String(value))} />
          <Legend />
          {series.map((s) => (
            <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * The chart's figures as a table, always there for assistive technologies and the keyboard, but
 * folded under the chart so that thirty rows do not push the page down (docs/product/rules.md#R745).
 */
export function ChartTable({ title, data, series, periodLabel, label }: {
  title: string;
  data: Array<Record<string, string | number>>;
  series: ChartSeries[];
  periodLabel: string;
  label: (period: string) => string;
}) {
  const number = new Intl.NumberFormat('fr-FR');
  return (
    <details className={styles.data}>
      <summary>{T.showData(data.length)}</summary>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{periodLabel}</th>
              {series.map((s) => <th key={s.key} scope="col" className={styles.num}>{s.label}</th>)}
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={String(row.period)}>
                <th scope="row">{label(String(row.period))}</th>
                {series.map((s) => <td key={s.key} className={styles.num}>{number.format(Number(row[s.key]))}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
