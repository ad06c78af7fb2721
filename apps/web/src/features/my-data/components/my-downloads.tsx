import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MyDownload, WebRoutes } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { useMyDownloadsQuery } from '../api/my-data.api';
import { MyDataTexts } from '../texts';
import styles from './my-data.module.css';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/**
 * 'Mes téléchargements' (docs/product/rules.md#R470): the member's downloads, newest first, each
 * with its date, a link to the sheet and the page's own way to download again (`downloadAgain`,
 * given by the page: the download button belongs to another feature).
 */
export function MyDownloads({ downloadAgain }: { downloadAgain: (tool: NonNullable<MyDownload['tool']>) => ReactNode }) {
  const { data, isLoading, isError } = useMyDownloadsQuery();
  if (isLoading) return <Spinner />;
  if (isError || !data) return <MessageBox tone="error">{MyDataTexts.downloadsFailed}</MessageBox>;
  if (data.downloads.length === 0) {
    return (
      <p>
        {MyDataTexts.downloadsEmpty} <Link to={WebRoutes.tools}>Voir les outils</Link>
      </p>
    );
  }
  return (
    <ul className={styles.list} aria-label={MyDataTexts.downloadsTitle}>
      {data.downloads.map((download, index) => (
        <li key={`${download.downloadedAt}-${index}`} className={styles.row}>
          <div>
            {download.tool ? (
              <Link to={WebRoutes.toolBySlug(download.tool.slug)} className={styles.name}>{download.tool.name}</Link>
            ) : (
              <span className={styles.name}>Outil retiré du catalogue</span>
            )}
            <p className={styles.meta}>
              Téléchargé le <time dateTime={download.downloadedAt}>{dateFormat.format(new Date(download.downloadedAt))}</time>
            </p>
          </div>
          {download.tool ? <div>{downloadAgain(download.tool)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
