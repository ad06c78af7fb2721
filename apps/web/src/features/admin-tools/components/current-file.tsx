import { Tool } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { DocumentIcon, DownloadIcon } from '../../../components/ui/icons';
import { useDownloadLinkMutation } from '../../downloads/api/downloads.api';
import { startDownload } from '../../downloads/utils/start-download';
import { fileSizeLabel, fileTypeLabel } from '../utils/file-labels';
import styles from './admin-tools.module.css';

/**
 * The tool's current file on the edit form: the name it was uploaded with, its type and size,
 * and a way to download it (the visitors' signed link; the download is counted like theirs).
 */
export function CurrentFile({ tool, file }: { tool: Pick<Tool, 'id' | 'name'>; file: NonNullable<Tool['file']> }) {
  const [getLink, { isLoading, isError }] = useDownloadLinkMutation();
  const download = async () => {
    const reply = await getLink(tool.id).unwrap().catch(() => null);
    if (reply) startDownload(reply.url, tool.name);
  };
  return (
    <section className={styles.currentFile} aria-labelledby="fichier-actuel">
      <h2 id="fichier-actuel" className={styles.currentFileTitle}>Fichier actuel</h2>
      <p className={styles.currentFileName}>
        <DocumentIcon size={20} />
        <span>{file.name}</span>
      </p>
      <p className={styles.currentFileMeta}>
        {fileTypeLabel(file.type)} · {fileSizeLabel(file.size)}
      </p>
      <Button variant="secondary" onClick={download} busy={isLoading} aria-label={`Télécharger le fichier actuel (${file.name})`}>
        <DownloadIcon />
        Télécharger
      </Button>
      {isError ? <p role="alert" className={styles.currentFileError}>Le fichier n’a pas pu être téléchargé. Réessayez dans quelques instants.</p> : null}
    </section>
  );
}
