import { readFile } from 'node:fs/promises';
import { docxPageCount } from './docx';
import { pdfPageCount } from './pdf';

export const PDF_MIME = 'application/pdf';
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Formats whose pages are counted (docs/product/rules.md#R631). */
export const hasPages = (mime: string): boolean => mime === PDF_MIME || mime === DOCX_MIME;

/**
 * Pages of a tool file (docs/product/rules.md#R631): counted for PDF and DOCX, null for every other
 * format and for a file whose count cannot be read (a damaged file still uploads: it was checked by
 * content already, and a missing count only hides « N pages »).
 */
export async function countPages(data: Buffer, mime: string): Promise<number | null> {
  try {
    // A PDF without any page (a valid but empty document) has no count to show.
    if (mime === PDF_MIME) return (await pdfPageCount(data)) || null;
    if (mime === DOCX_MIME) return await docxPageCount(data);
  } catch {
    return null;
  }
  return null;
}

/** The same for a local file (an upload's temporary file); other formats are not even read. */
export async function countFilePages(path: string, mime: string): Promise<number | null> {
  return hasPages(mime) ? countPages(await readFile(path), mime) : null;
}
