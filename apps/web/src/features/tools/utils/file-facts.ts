import type { ToolDownloadFacts, ToolFileFormat } from '@outils/contracts';
import { frenchOneDecimal, frenchSingular, frenchWhole, parisLongDate } from './french-format';

const NBSP = '\u00a0';

/** The format's name as a visitor says it (docs/product/rules.md#R630). */
const FORMAT_NAMES: Record<ToolFileFormat, string> = { pdf: 'PDF', excel: 'Excel', word: 'Word', csv: 'CSV', image: 'Image' };
/** The download button's object, RGAA 7.1 habit: « Télécharger le PDF ». */
const FORMAT_OBJECTS: Record<ToolFileFormat, string> = {
  pdf: 'le PDF',
  excel: 'le fichier Excel',
  word: 'le document Word',
  csv: 'le fichier CSV',
  image: 'l’image',
};

export const fileFormatName = (format: ToolFileFormat | null) => (format ? FORMAT_NAMES[format] : 'Fichier');

/**
 * Bytes in French units (docs/product/rules.md#R633): « 850 octets », « 850 Ko », « 1,2 Mo »,
 * « 1,5 Go » (1 Ko = 1 024 octets), with a non-breaking space before the unit.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${frenchWhole(bytes)}${NBSP}${frenchSingular(bytes) ? 'octet' : 'octets'}`;
  const units = ['Ko', 'Mo', 'Go'];
  let value = bytes / 1024;
  let unit = 0;
  // Rounded first, so 1 023,96 Ko reads « 1 Mo », never « 1 024 Ko ».
  while (unit < units.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${(value >= 100 ? frenchWhole : frenchOneDecimal)(value)}${NBSP}${units[unit]}`;
}

/** « 1 page », « 12 pages ». */
export const formatPages = (pages: number) => `${frenchWhole(pages)}${NBSP}${frenchSingular(pages) ? 'page' : 'pages'}`;

/** « Mis à jour le 3 mars 2026 » (docs/product/rules.md#R632). */
export const updatedLabel = (iso: string) => `Mis à jour le ${parisLongDate(new Date(iso))}`;

/** The card's line: « PDF · 1,2 Mo » (docs/product/rules.md#R634). */
export const fileLine = (download: ToolDownloadFacts) => `${fileFormatName(download.format)} · ${formatFileSize(download.size)}`;

/** The accessible alternative's format as its file is named (only PDF, DOCX, XLSX and CSV are accepted, docs/product/rules.md#R943). */
const ALTERNATIVE_FORMATS: Partial<Record<NonNullable<ToolDownloadFacts['format']>, string>> = { pdf: 'PDF', word: 'DOCX', excel: 'XLSX', csv: 'CSV' };
export const alternativeFormatName = (format: ToolDownloadFacts['format']) => (format && ALTERNATIVE_FORMATS[format]) || 'fichier';

/**
 * The accessible version's button, named like the file's (RGAA 7.1): « Télécharger la version
 * accessible (DOCX, 120 Ko) » (docs/product/rules.md#R949).
 */
export const alternativeDownloadLabel = (alternative: { format: ToolDownloadFacts['format']; size: number }) =>
  `Télécharger la version accessible (${alternativeFormatName(alternative.format)}, ${formatFileSize(alternative.size)})`;

/** The sheet's download button: « Télécharger le PDF (1,2 Mo) » (docs/product/rules.md#R635). */
export const downloadLabel = (download: ToolDownloadFacts) =>
  `Télécharger ${download.format ? FORMAT_OBJECTS[download.format] : 'le fichier'} (${formatFileSize(download.size)})`;
