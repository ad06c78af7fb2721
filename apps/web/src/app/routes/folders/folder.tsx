import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FolderWebRoutes } from '@outils/contracts';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Spinner } from '../../../components/ui/spinner';
import { NotFoundContent } from '../../../components/layouts/not-found-content';
import { useFolderQuery } from '../../../features/folders/api/folders.api';
import { FolderHeader } from '../../../features/folders/components/folder-header';
import { FolderItemActions } from '../../../features/folders/components/folder-item-actions';
import styles from '../../../features/folders/components/folders.module.css';
import { FolderTexts } from '../../../features/folders/texts';
import { ToolCard } from '../../../features/tools/components/tool-card';
import { useUserShowQuery } from '../../../lib/current-user.api';
import { FolderDownloadButton } from '../../components/folder-download-button';

/**
 * /toolspage/folders/{id} (docs/product/rules.md#R506, #R507): the folder's tools as cards, in
 * order, each with 'Monter', 'Descendre' and 'Retirer du dossier'; the total size and the ZIP.
 * Another member's folder is the 404 page (docs/product/rules.md#R503).
 */
export default function FolderPage() {
  const { id = '' } = useParams();
  const { data, isLoading, error } = useFolderQuery(id);
  const { data: me } = useUserShowQuery();
  const [announce, setAnnounce] = useState('');
  if (isLoading) return <Spinner />;
  if (error || !data) return <NotFoundContent />;
  const { folder } = data;
  const order = folder.items.flatMap((item) => (item.tool ? [item.tool.id] : []));

  return (
    <div className={styles.page}>
      <title>{FolderTexts.documentTitle(folder.name, FolderTexts.title)}</title>
      <Breadcrumb items={[{ label: FolderTexts.title, to: FolderWebRoutes.folders }, { label: folder.name }]} />
      <FolderHeader
        folder={folder}
        isAdmin={!!me?.userData.isAdmin}
        downloadButton={<FolderDownloadButton name={folder.name} folderId={folder.id} />}
      />
      <span className="visually-hidden" role="status" aria-live="polite">{announce}</span>
      {folder.items.length === 0 ? (
        <p>
          Ce dossier est vide. Ajoutez-y des outils avec « {FolderTexts.addToFolder} » depuis{' '}
          <Link to="/toolspage">la liste des outils</Link> ou la fiche d’un outil.
        </p>
      ) : null}
      <ol className={styles.cards} aria-label={`Outils du dossier « ${folder.name} »`}>
        {folder.items.map((item, index) =>
          item.tool ? (
            <li key={item.tool.id}>
              <ToolCard
                tool={item.tool}
                headingLevel={2}
                actions={<FolderItemActions folderId={folder.id} order={order} tool={item.tool} onAnnounce={setAnnounce} />}
              />
            </li>
          ) : (
            <li key={`absent-${index}`} className={styles.missing}>{FolderTexts.missing(item.name)}</li>
          ),
        )}
      </ol>
    </div>
  );
}
