import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NewVersionAvailable, WebRoutes } from '@outils/contracts';
import { useMyNewVersionsQuery } from '../api/update-alerts.api';
import { UpdateAlertTexts } from '../texts';
import styles from './update-alerts.module.css';

/**
 * 'Mes téléchargements': the tools downloaded before their current version, marked « Nouvelle
 * version disponible », each with its note and one click to get it (`download`, given by the page:
 * the download button belongs to another feature) (docs/product/rules.md#R917).
 */
export function NewVersions({ download }: { download: (item: NewVersionAvailable) => ReactNode }) {
  const { data } = useMyNewVersionsQuery();
  if (!data || data.tools.length === 0) return null;
  return (
    <section className={styles.newVersions} aria-labelledby="nouvelles-versions">
      <h2 id="nouvelles-versions">{UpdateAlertTexts.newVersionsTitle}</h2>
      <p>{UpdateAlertTexts.newVersionsIntro}</p>
      <ul className={styles.list}>
        {data.tools.map((item) => (
          <li key={item.tool.id} className={styles.item}>
            <div>
              <Link to={WebRoutes.toolBySlug(item.tool.slug)} className={styles.name}>{item.tool.name}</Link>
              <span className={styles.badge}>{UpdateAlertTexts.newVersionsTitle}</span>
              <p className={styles.meta}>{UpdateAlertTexts.versionLine(item.version, item.downloadedVersion)}</p>
              {item.note ? <p className={styles.note}>{UpdateAlertTexts.whatsNew} {item.note}</p> : null}
            </div>
            <div>{download(item)}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}
