import type { VersionDownloads } from '@outils/contracts';
import { InsightsTexts as T } from '../texts';
import styles from './insights.module.css';

/**
 * One tool's counted downloads over the range per version, and all versions together
 * (docs/product/rules.md#R926).
 */
export function VersionTable({ versions }: { versions: VersionDownloads[] }) {
  const number = new Intl.NumberFormat('fr-FR');
  const total = versions.reduce((sum, v) => sum + v.downloads, 0);
  return (
    <section aria-labelledby="stats-versions" className={styles.card}>
      <h2 id="stats-versions">{T.versionsTitle}</h2>
      {versions.length === 0 ? <p className={styles.empty}>{T.noData}</p> : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>{T.versionsTitle}</caption>
            <thead><tr><th scope="col">{T.version}</th><th scope="col" className={styles.num}>{T.downloads}</th></tr></thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.version ?? 'avant'}>
                  <th scope="row">{v.version === null ? T.beforeVersions : T.versionLabel(v.version)}</th>
                  <td className={styles.num}>{number.format(v.downloads)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot><tr><th scope="row">{T.allVersions}</th><td className={styles.num}>{number.format(total)}</td></tr></tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
