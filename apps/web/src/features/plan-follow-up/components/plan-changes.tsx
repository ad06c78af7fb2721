import type { PlanAxisChange } from '@outils/contracts';
import { PlanTexts as T } from '../texts';
import styles from './plan-follow-up.module.css';

const score = (value: number | null) => (value === null ? T.noScore : `${value} / 100`);

/** Axis by axis, how far the member moved since the plan's first diagnostic (docs/product/rules.md#R981). */
export function PlanChanges({ changes, retakenAt }: { changes: PlanAxisChange[]; retakenAt: string }) {
  const date = new Date(retakenAt).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <section aria-labelledby="plan-changes">
      <h2 id="plan-changes">{T.changesTitle}</h2>
      <p>{T.changesIntro(date)}</p>
      <table className={styles.table}>
        <caption className="visually-hidden">{T.changesTitle}</caption>
        <thead>
          <tr><th scope="col">{T.axis}</th><th scope="col">{T.before}</th><th scope="col">{T.after}</th><th scope="col">{T.change}</th></tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.axisId}>
              <th scope="row">{c.name}</th>
              <td>{score(c.before)}</td>
              <td>{score(c.after)}</td>
              <td>{c.change === null ? T.noMeasure : T.points(c.change)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
