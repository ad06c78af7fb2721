import type { Tool } from '@outils/contracts';
import { fileFormatName, formatFileSize, formatPages, updatedLabel } from '../utils/file-facts';
import { FileFormatIcon } from './file-format-icon';
import styles from './tools.module.css';

/**
 * What the download is, on the sheet (docs/product/rules.md#R633): format with its icon, size in
 * French units, pages of a PDF or DOCX, and « Mis à jour le … » once the file was replaced.
 */
export function FileFacts({ download }: { download: Tool['download'] }) {
  return (
    <div className={styles.fileFacts}>
      <FileFormatIcon format={download.format} size={40} />
      <dl>
        <div><dt>Format</dt><dd>{fileFormatName(download.format)}</dd></div>
        <div><dt>Taille</dt><dd>{formatFileSize(download.size)}</dd></div>
        {download.pages ? <div><dt>Pages</dt><dd>{formatPages(download.pages)}</dd></div> : null}
      </dl>
      {/* With versions, the version's line says it (features/tools/versions, docs/product/rules.md#R907). */}
      {download.updatedAt && !download.version ? (
        <p className={styles.fileUpdated}><time dateTime={download.updatedAt}>{updatedLabel(download.updatedAt)}</time></p>
      ) : null}
    </div>
  );
}

/**
 * The first page of the PDF (docs/product/rules.md#R636), its width and height given so the page
 * keeps its place while the image loads.
 */
export function FilePreview({ preview, name }: { preview: NonNullable<Tool['preview']>; name: string }) {
  return (
    <figure className={styles.preview}>
      <img src={preview.src} width={preview.width} height={preview.height} loading="lazy" decoding="async" alt={`Aperçu de la première page de « ${name} »`} />
      <figcaption>Aperçu de la première page</figcaption>
    </figure>
  );
}
