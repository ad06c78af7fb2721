import type { AxisScore } from '@outils/contracts';
import { DiagnosticTexts as T } from '../texts';
import styles from './diagnostic.module.css';

const BAR_HEIGHT = 28;
const GAP = 14;
const LABEL_WIDTH = 270;
const CHART_WIDTH = 300;

/**
 * The scores per axis as horizontal bars (docs/product/rules.md#R557): a plain SVG, hidden from
 * screen readers, next to the same figures as a list that everyone can read (and that prints).
 */
export function ScoreChart({ scores }: { scores: AxisScore[] }) {
  const height = scores.length * (BAR_HEIGHT + GAP);
  return (
    <div className={styles.chart}>
      <svg viewBox={`0 0 ${LABEL_WIDTH + CHART_WIDTH + 60} ${height}`} role="presentation" aria-hidden="true" focusable="false" className={styles.chartSvg}>
        {scores.map((s, i) => {
          const y = i * (BAR_HEIGHT + GAP);
          const width = ((s.score ?? 0) / 100) * CHART_WIDTH;
          return (
            <g key={s.axisId}>
              <text x={LABEL_WIDTH - 10} y={y + BAR_HEIGHT * 0.68} textAnchor="end" className={styles.chartLabel}>{s.name}</text>
              <rect x={LABEL_WIDTH} y={y} width={CHART_WIDTH} height={BAR_HEIGHT} rx={6} className={styles.chartTrack} />
              <rect x={LABEL_WIDTH} y={y} width={width} height={BAR_HEIGHT} rx={6} className={(s.score ?? 0) < 75 ? styles.chartBarLow : styles.chartBar} />
              <text x={LABEL_WIDTH + CHART_WIDTH + 8} y={y + BAR_HEIGHT * 0.68} className={styles.chartLabel}>{s.score === null ? '—' : s.score}</text>
            </g>
          );
        })}
      </svg>
      <ul className={styles.figures}>
        {scores.map((s) => (
          <li key={s.axisId}>
            <span>{s.name}</span> : <strong>{s.score === null ? T.notEvaluated : `${s.score} sur 100`}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
