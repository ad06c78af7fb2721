import { useState } from 'react';
import { Tool } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { DocumentIcon, DownloadIcon } from '../../../components/ui/icons';
import { fileSizeLabel, fileTypeLabel } from '../utils/file-labels';
import styles from './admin-tools.module.css';

/**
 * The tool's current file on the edit form: the name it was uploaded with, its type and size,
 * and a way to download it (`onDownload`: the visitors' signed link, given by the page; the
 * download is counted like theirs).
 */
export function CurrentFile({ file, onDownload }: { file: NonNullable<Tool['file']>; onDownload?: () => Promise<boolean> }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    if (!onDownload) return;
    setState('busy');
    setState((await onDownload()) ? 'idle' : 'failed');
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
      {onDownload ? (
        <Button variant="secondary" onClick={download} busy={state === 'busy'} aria-label={`Télécharger le fichier actuel (${file.name})`}>
          <DownloadIcon />
          Télécharger
        </Button>
      ) : null}
      {state === 'failed' ? <p role="alert" className={styles.currentFileError}>Le fichier n’a pas pu être téléchargé. Réessayez dans quelques instants.</p> : null}
    </section>
  );
}
