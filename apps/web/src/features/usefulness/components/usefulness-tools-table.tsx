import { Link } from 'react-router';
import { WebRoutes, type UsefulnessToolRow } from '@outils/contracts';
import { UsefulnessTexts as T } from '../texts';
import styles from './usefulness.module.css';

const number = new Intl.NumberFormat('fr-FR');

/** The tools' usefulness figures (docs/product/rules.md#R964, #R966); `withDownloads` puts the downloads first. */
export function UsefulnessToolsTable({ rows, caption, withDownloads }: { rows: UsefulnessToolRow[]; caption: string; withDownloads?: boolean }) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{T.tool}</th>
          {withDownloads ? <th scope="col">{T.downloads}</th> : null}
          <th scope="col">{T.usefulShare}</th>
          <th scope="col">{T.answers}</th>
          {withDownloads ? null : <th scope="col">{T.trend}</th>}
          {withDownloads ? null : <th scope="col">{T.excluded}</th>}
          {withDownloads ? null : <th scope="col">{T.comments}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.toolId}>
            <th scope="row"><Link to={WebRoutes.toolBySlug(row.slug)}>{row.name}</Link></th>
            {withDownloads ? <td>{number.format(row.downloads)}</td> : null}
            <td>{T.percent(row.usefulPercent)}</td>
            <td>{number.format(row.answers)}</td>
            {withDownloads ? null : <td>{T.trendPoints(row.trendPoints)}</td>}
            {withDownloads ? null : <td>{number.format(row.excluded)}</td>}
            {withDownloads ? null : <td>{number.format(row.comments)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
