import { criterion, type CriterionResult } from './report';
import { CRITERIA } from './texts';
import { attribute, readZipParts, xmlText } from './zip-parts';

const c = (id: string, status: CriterionResult['status'], where: string[] = []) => criterion(CRITERIA, id, status, where);
const MB = 1024 * 1024;

/** The names spreadsheet programs give a new sheet, in the usual languages. */
const DEFAULT_SHEET_NAME = /^(feuil|feuille|sheet|tabelle|hoja|foglio|blad)\s*\d+$/i;

/** A header row: at least one cell, every cell text (not a number nor empty), no two alike. */
function isHeaderRow(cells: Array<string | null>): boolean {
  if (cells.length === 0 || cells.some((cell) => cell === null || !cell.trim())) return false;
  const texts = cells.map((cell) => cell!.trim().toLowerCase());
  return texts.every((text) => !/^[-+]?[\d\s.,]+%?$/.test(text)) && new Set(texts).size === texts.length;
}

type Cell = string | null;

/** One row's cells: text for a text cell, null for a number, date or formula; empty cells left out. */
function rowCells(row: string, shared: string[]): Cell[] {
  return [...row.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)]
    .filter((m) => m[2] !== undefined && /<(v|is)\b/.test(m[2]))
    .map((m) => {
      const type = attribute(m[1], 't');
      if (type === 's') return shared[Number(/<v>(\d+)<\/v>/.exec(m[2])?.[1])] ?? null;
      if (type === 'inlineStr') return xmlText([...m[2].matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((t) => t[1]).join(''));
      if (type === 'str') return xmlText(/<v>([^<]*)<\/v>/.exec(m[2])?.[1] ?? '');
      return null;
    });
}

/**
 * The row that should name the columns: the first one holding two cells or more (a title or a
 * sentence of one cell above the table is allowed), or the first row when none does. Undefined
 * for an empty sheet.
 */
function headerCandidate(sheet: string, shared: string[]): { line: number; cells: Cell[] } | undefined {
  const rows = [...sheet.matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>/g)]
    .map((m) => ({ line: Number(attribute(m[1], 'r')) || 0, cells: rowCells(m[2], shared) }))
    .filter((row) => row.cells.length > 0);
  return rows.find((row) => row.cells.length >= 2) ?? rows[0];
}

/**
 * The criteria of an Excel workbook (docs/product/rules.md#R941): every sheet named after its
 * content, and every sheet with data starting with a header row. Only the head of each worksheet
 * is read: its first rows are all that is judged.
 */
export async function xlsxCriteria(data: Buffer): Promise<CriterionResult[]> {
  const parts = await readZipParts(data, (name) => {
    if (name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels') return { maxBytes: 4 * MB };
    if (name === 'xl/sharedStrings.xml') return { headBytes: 4 * MB };
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) return { headBytes: 512 * 1024 };
    return null;
  });
  const workbook = parts.get('xl/workbook.xml');
  if (workbook === undefined) throw new Error('Not an Excel workbook: xl/workbook.xml is missing');
  const rels = parts.get('xl/_rels/workbook.xml.rels') ?? '';
  const targets = new Map([...rels.matchAll(/<Relationship\b([^>]*)\/?>/g)].map((m) => [attribute(m[1], 'Id'), attribute(m[1], 'Target')]));
  const shared = [...(parts.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    xmlText([...m[1].matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((t) => t[1]).join('')),
  );
  const sheets = [...workbook.matchAll(/<sheet\b([^>]*?)\/?>/g)].map((m) => ({ name: attribute(m[1], 'name') ?? '', rel: attribute(m[1], 'r:id') }));
  const badNames = sheets.filter((s) => !s.name.trim() || DEFAULT_SHEET_NAME.test(s.name.trim())).map((s) => `feuille « ${s.name} »`);
  const withoutHeader: string[] = [];
  let withData = 0;
  for (const sheet of sheets) {
    const target = (sheet.rel && targets.get(sheet.rel)) || '';
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    const header = headerCandidate(parts.get(path) ?? '', shared);
    if (header === undefined) continue;
    withData += 1;
    if (!isHeaderRow(header.cells)) withoutHeader.push(`feuille « ${sheet.name} », ligne ${header.line || 1}`);
  }
  return [
    c('sheet-names', sheets.length === 0 ? 'not-applicable' : badNames.length ? 'failed' : 'passed', badNames.slice(0, 10)),
    withData === 0 ? c('sheet-header-row', 'not-applicable') : c('sheet-header-row', withoutHeader.length ? 'failed' : 'passed', withoutHeader.slice(0, 10)),
  ];
}

/** Splits one CSV line (quotes understood) on the separator the line uses most. */
function csvFields(line: string): string[] {
  const separator = [';', ',', '\t'].map((s) => ({ s, n: line.split(s).length })).sort((a, b) => b.n - a.n)[0].s;
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** A CSV file: its first line names the columns (docs/product/rules.md#R941). Only the head is read. */
export function csvCriteria(data: Buffer): CriterionResult[] {
  const head = data.subarray(0, 64 * 1024).toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = head.split(/\r?\n/).find((line) => line.trim()) ?? '';
  if (!firstLine) return [c('csv-header-row', 'not-applicable')];
  return [c('csv-header-row', isHeaderRow(csvFields(firstLine)) ? 'passed' : 'failed', ['ligne 1'])];
}
