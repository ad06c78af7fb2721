import { stringify, type Stringifier } from 'csv-stringify';
import type { ExportKind } from '@outils/contracts';

/** The header row of each export, in French (docs/product/rules.md#R682). */
export const EXPORT_HEADERS: Record<ExportKind, string[]> = {
  leads: ['e-mail', 'source newsletter', 'statut newsletter', 'date du consentement', 'téléchargements', 'dernier téléchargement', 'première apparition'],
  downloads: ['id', 'date (UTC)', 'jour (Paris)', 'id outil', 'outil', 'e-mail', 'compté', 'motif d’exclusion'],
};

/**
 * The CSV writer of every export (docs/product/rules.md#R682): UTF-8 with a BOM and `;` so that a
 * French spreadsheet opens it as columns, CRLF line ends, quotes doubled in quoted cells, cells
 * with a separator, a quote or a line break quoted, and a cell starting with = + - @ tab or CR
 * prefixed with `'` so that no spreadsheet runs it as a formula.
 */
export function csvWriter(kind: ExportKind): Stringifier {
  return stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
    escape_formulas: true,
    header: true,
    // Rows come as arrays in the order of the headers.
    columns: EXPORT_HEADERS[kind].map((header, index) => ({ key: String(index), header })),
  });
}
