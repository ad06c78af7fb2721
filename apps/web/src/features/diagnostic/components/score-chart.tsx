import type { AxisScore } from '@outils/contracts';
import { DiagnosticTexts as T } from '../texts';
import styles from './diagnostic.module.css';

/**
 * The scores per axis (docs/product/rules.md#R557, #R735): each axis as its text '{axe} : {n} sur 100'
 * with a bar under it in the site's colours. The bars are HTML boxes hidden from screen readers
 * (the text says it all), so that their labels keep the page's font size on a phone (a scaled
 * SVG drew them at 8–10 px there) and they print.
 */
export function ScoreChart({ scores }: { scores: AxisScore[] }) {
  return (
    <div className={styles.chart}>
    <ul className={styles.scores}>
      {scores.map((s) => (
        <li key={s.axisId} className={styles.score}>
          <span>
            {s.name} : <strong>{s.score === null ? T.notEvaluated : `${s.score} sur 100`}</strong>
          </span>
          <span className={styles.track} aria-hidden="true">
            <span className={s.score !== null && s.score < 75 ? `${styles.bar} ${styles.barLow}` : styles.bar} style={{ width: `${s.score ?? 0}%` }} />
          </span>
        </li>
      ))}
    </ul>
    </div>
  );
}
