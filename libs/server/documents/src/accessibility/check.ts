import { HostilePdfError, inspectPdfIsolated, type PdfIsolation, DEFAULT_PDF_ISOLATION } from '../pdf-isolated';
import { docxCriteria } from './docx-criteria';
import { pdfCriteria } from './pdf-criteria';
import { criterion, type AccessibilityReport, type DocumentFormat, report } from './report';
import { csvCriteria, xlsxCriteria } from './sheet-criteria';
import { CRITERIA } from './texts';

const FORMATS: Record<string, DocumentFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
  'image/png': 'image',
  'image/jpeg': 'image',
};

/** The format checked for a stored MIME type (parameters such as `; charset=utf-8` left out); null: nothing is checked. */
export const checkedFormat = (mime: string): DocumentFormat | null => FORMATS[mime.split(';')[0].trim().toLowerCase()] ?? null;

export interface CheckOptions {
  /** The admin’s description of an image file (docs/product/rules.md#R942). */
  imageAlt?: string | null;
  /** Bounds of the PDF reader's thread (docs/product/rules.md#R785). */
  isolation?: PdfIsolation;
}

/**
 * Checks one document's accessibility (docs/product/rules.md#R930–R933). A PDF is read in the
 * isolated thread (bounded memory and time); a file that cannot be read within the limits — or at
 * all — gives a report whose `readable` criterion fails: its own check fails, nothing else. Old
 * formats (doc, xls) and unknown ones are `unchecked`: no claim is made.
 */
export async function checkDocumentAccessibility(data: Buffer, mime: string, options: CheckOptions = {}): Promise<AccessibilityReport> {
  const format = checkedFormat(mime);
  if (!format) return report(null, []);
  try {
    if (format === 'pdf') {
      const facts = await inspectPdfIsolated(data, { pages: false, preview: false, accessibility: true }, options.isolation ?? DEFAULT_PDF_ISOLATION);
      if (!facts.accessibility) return unreadable(format);
      return report(format, pdfCriteria(facts.accessibility));
    }
    if (format === 'docx') return report(format, await docxCriteria(data));
    if (format === 'xlsx') return report(format, await xlsxCriteria(data));
    if (format === 'csv') return report(format, csvCriteria(data));
    return report(format, [criterion(CRITERIA, 'image-alt', options.imageAlt?.trim() ? 'passed' : 'failed', ['image déposée comme fichier de l’outil'])]);
  } catch (error) {
    if (error instanceof HostilePdfError) return unreadable(format, error.reason);
    // A damaged zip or XML is the file's own fault; the PDF reader's other errors (its file
    // missing) are the program's, and thrown.
    if (format !== 'pdf') return unreadable(format);
    throw error;
  }
}

const REASONS: Record<string, string> = {
  memory: 'sa lecture demandait plus de mémoire que permis',
  time: 'sa lecture prenait plus de temps que permis',
  'page-size': 'une page dépasse la taille permise',
  crash: 'sa lecture s’est arrêtée en erreur',
};

function unreadable(format: DocumentFormat, reason?: string): AccessibilityReport {
  return report(format, [criterion(CRITERIA, 'readable', 'failed', [reason ? REASONS[reason] ?? 'fichier illisible' : 'fichier illisible ou endommagé'])]);
}
