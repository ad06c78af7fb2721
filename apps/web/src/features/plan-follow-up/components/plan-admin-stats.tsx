import { AdminPanel } from '../../../components/layouts/admin-panel';
import { usePlanAdminStatsQuery } from '../api/plan-follow-up.api';
import { PlanTexts as T } from '../texts';
import styles from './plan-follow-up.module.css';

/** The statistics page's 'Plans suivis' (docs/product/rules.md#R983): the funnel and the median change per axis. */
export function PlanAdminStats() {
  const { data } = usePlanAdminStatsQuery();
  if (!data) return null;
  return (
    <AdminPanel id="plan-admin-stats" title={T.adminTitle}>
      <p>{T.adminIntro}</p>
      <ul className={styles.figures}>
        <li className={styles.figure}><strong>{data.started}</strong>{T.started}</li>
        <li className={styles.figure}><strong>{data.followedAtWeek2}</strong>{T.followedLabel} ({T.followedAtWeek2(data.followedAtWeek2, data.oldEnough)})</li>
        <li className={styles.figure}><strong>{data.finished}</strong>{T.finishedLabel}</li>
      </ul>
      <table className={styles.table}>
        <caption className="visually-hidden">{T.median}</caption>
        <thead><tr><th scope="col">{T.axis}</th><th scope="col">{T.median}</th><th scope="col">{T.plans}</th></tr></thead>
        <tbody>
          {data.axes.map((a) => (
            <tr key={a.axisId}>
              <th scope="row">{a.name}</th>
              <td>{a.medianChange === null ? T.noMeasure : T.points(a.medianChange)}</td>
              <td>{a.plans}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminPanel>
  );
}
