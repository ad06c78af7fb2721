import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries { key: string; label: string; color: string }

/**
 * A line chart of per-period figures (recharts, in the admin's lazy route chunk only). Hidden from
 * assistive technologies: the same figures are in the table beside it (docs/product/rules.md#R679).
 */
export function TrendChart({ data, series }: { data: Array<Record<string, string | number>>; series: ChartSeries[] }) {
  return (
    <div aria-hidden="true" style={{ width: '100%', height: 260 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="period" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          {series.map((s) => (
            <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The chart's figures as a table, always beside it. */
export function ChartTable({ title, data, series, periodLabel }: { title: string; data: Array<Record<string, string | number>>; series: ChartSeries[]; periodLabel: string }) {
  const number = new Intl.NumberFormat('fr-FR');
  return (
    <table>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{periodLabel}</th>
          {series.map((s) => <th key={s.key} scope="col">{s.label}</th>)}
        </tr>
      </thead>
      <tbody>
        {data.map((row) => (
          <tr key={String(row.period)}>
            <th scope="row">{row.period}</th>
            {series.map((s) => <td key={s.key}>{number.format(Number(row[s.key]))}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
