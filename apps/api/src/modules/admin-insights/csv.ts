import { stringify, type Stringifier } from 'csv-stringify';
import { NEWSLETTER_SOURCE_LABELS, NEWSLETTER_STATUS_LABELS, type ExportKind } from '@outils/contracts';

/** The header row of each export, in French (docs/product/rules.md#R682). */
export const EXPORT_HEADERS: Record<ExportKind, string[]> = {
  leads: ['e-mail', 'source newsletter', 'statut newsletter', 'date du consentement', 'téléchargements', 'dernier téléchargement', 'première apparition'],
  // The tool's version each download served (docs/product/rules.md#R925).
  downloads: ['id', 'date (UTC)', 'jour (Paris)', 'id outil', 'outil', 'e-mail', 'compté', 'motif d’exclusion', 'version'],
};

/** Why a download was not counted, in the admin's words (docs/product/rules.md#R743). */
export const EXCLUSION_LABELS: Record<string, string> = {
  bot: 'Robot ou aperçu de lien',
  head: 'Vérification du lien sans téléchargement',
  repeat: 'Lien déjà utilisé',
};

/** The French words of the codes of each export, by column index (docs/product/rules.md#R743). */
const EXPORT_LABELS: Record<ExportKind, Record<string, Record<string, string>>> = {
  leads: { 1: NEWSLETTER_SOURCE_LABELS, 2: NEWSLETTER_STATUS_LABELS },
  downloads: { 7: EXCLUSION_LABELS },
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
    // Codes become the words the admin reads on the pages ('popup' → 'Fenêtre « Restez cool »').
    cast: { string: (value, context) => EXPORT_LABELS[kind][String(context.column)]?.[value] ?? value },
    // Rows come as arrays in the order of the headers.
    columns: EXPORT_HEADERS[kind].map((header, index) => ({ key: String(index), header })),
  });
}
