import type { Tool } from '@outils/contracts';
import { VersionTexts } from './texts';
import styles from './versions.module.css';

/**
 * Near the download button (docs/product/rules.md#R907): « Version N · mise à jour le … » and the
 * current version's « Quoi de neuf ? », its line breaks kept.
 */
export function VersionSummary({ download }: { download: Tool['download'] }) {
  if (!download.version) return null;
  return (
    <div className={styles.summary}>
      <p className={styles.versionLine}>{VersionTexts.versionLine(download.version, download.updatedAt)}</p>
      {download.version > 1 && download.versionNote ? (
        <div className={styles.note}>
          <p className={styles.noteTitle}>{VersionTexts.whatsNew}</p>
          <p className={styles.noteText}>{download.versionNote}</p>
        </div>
      ) : null}
    </div>
  );
}
