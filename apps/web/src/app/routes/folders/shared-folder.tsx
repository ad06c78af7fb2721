import { useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { MessageBox } from '../../../components/ui/message-box';
import { useSharedFolderQuery } from '../../../features/folders/api/folders.api';
import styles from '../../../features/folders/components/folders.module.css';
import { formatBytes, FolderTexts } from '../../../features/folders/texts';
import { ToolCard } from '../../../features/tools/components/tool-card';
import { FolderDownloadButton } from '../../components/folder-download-button';
import { ToolDownloadButton } from '../../components/tool-download-button';

/**
 * /dossiers/{token}: a shared folder or a kit, for anyone holding its link
 * (docs/product/rules.md#R510, #R723): its tools, and the ZIP through the download popup.
 */
export default function SharedFolderPage() {
  const { token = '' } = useParams();
  const { data, isLoading, error } = useSharedFolderQuery(token);
  if (isLoading) return <Spinner />;
  if (error || !data) {
    return (
      <div className={styles.page}>
        <title>{FolderTexts.documentTitle('Dossier introuvable')}</title>
        <h1>Dossier introuvable</h1>
        <MessageBox tone="error">{FolderTexts.sharedNotFound}</MessageBox>
      </div>
    );
  }
  const { folder } = data;
  const present = folder.items.filter((item) => item.tool !== null);
  return (
    <div className={styles.page}>
      {/* docs/product/rules.md#R732 */}
      <title>{FolderTexts.documentTitle(folder.name, folder.isKit ? FolderTexts.kitTitle : FolderTexts.sharedBy)}</title>
      <p className={styles.meta}>{folder.isKit ? FolderTexts.kitsTitle : FolderTexts.sharedBy}</p>
      <h1>{folder.name}</h1>
      {folder.description ? <p>{folder.description}</p> : null}
      <p className={styles.meta}>
        {FolderTexts.toolCount(present.length)} · {FolderTexts.totalSize} : {formatBytes(folder.totalSize)}
      </p>
      {present.length > 0 ? <FolderDownloadButton name={folder.name} shareToken={token} /> : null}
      <ol className={styles.cards} aria-label={`Outils du dossier « ${folder.name} »`}>
        {folder.items.map((item, index) =>
          item.tool ? (
            <li key={item.tool.id}>
              <ToolCard tool={item.tool} actions={<ToolDownloadButton tool={item.tool} />} />
            </li>
          ) : (
            <li key={`absent-${index}`} className={styles.missing}>{FolderTexts.missing(item.name)}</li>
          ),
        )}
      </ol>
    </div>
  );
}
