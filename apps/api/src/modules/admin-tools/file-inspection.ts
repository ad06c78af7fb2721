import { CatalogueMessages } from '@outils/contracts';

// file-type@16 is the last CommonJS release; later ones are ESM only.
const { fromBuffer } = require('file-type') as { fromBuffer(buffer: Buffer): Promise<{ ext: string; mime: string } | undefined> };

export type Inspection = { ok: true; ext: string; mime: string } | { ok: false; error: string };

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The extension the client gave the file, normalised (`jpeg` → `jpg`); '' when there is none. */
export function nameExtension(name: string): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim())?.[1]?.toLowerCase() ?? '';
  return ext === 'jpeg' ? 'jpg' : ext;
}

/** UTF-16LE name of the VBA storage inside OLE documents with macros. */
const CFB_VBA_MARKER = Buffer.from('_VBA_PROJECT', 'utf16le');

/**
 * CSV has no signature: accept text without NUL or other control bytes, in UTF-8 (with or
 * without BOM) or in a single-byte encoding such as the Windows-1252 files Excel writes in France.
 */
export function looksLikeCsvText(buffer: Buffer): boolean {
  if (buffer.length === 0) return false;
  for (const byte of buffer) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

/**
 * Checks a tool file BY CONTENT against spec §5's list (pdf, doc, docx, csv, xlsx, xls, jpg,
 * png). The content decides the type; an extension, when given, must agree with it. OLE
 * (doc/xls) and CSV cannot be told apart by content alone, so there the extension decides
 * between the formats the content allows.
 */
export async function inspectToolFile(buffer: Buffer, originalName: string): Promise<Inspection> {
  if (buffer.length === 0) return { ok: false, error: CatalogueMessages.fileEmpty };
  const claimed = nameExtension(originalName);
  const detected = await fromBuffer(buffer);

  if (!detected) {
    if (claimed === 'csv' && looksLikeCsvText(buffer)) return { ok: true, ext: 'csv', mime: MIME.csv };
    return { ok: false, error: CatalogueMessages.fileTypeRefused };
  }
  if (detected.ext === 'cfb') {
    if (claimed !== 'doc' && claimed !== 'xls') return { ok: false, error: CatalogueMessages.fileTypeRefused };
    if (buffer.includes(CFB_VBA_MARKER)) return { ok: false, error: CatalogueMessages.fileMacrosRefused };
    return { ok: true, ext: claimed, mime: MIME[claimed] };
  }
  const ext = detected.ext === 'jpeg' ? 'jpg' : detected.ext;
  if (!['pdf', 'docx', 'xlsx', 'jpg', 'png'].includes(ext)) return { ok: false, error: CatalogueMessages.fileTypeRefused };
  if (claimed && claimed !== ext) return { ok: false, error: CatalogueMessages.fileExtensionMismatch };
  // Macro-enabled Office files (docm/xlsm) are zip containers too; their VBA part gives them away.
  if ((ext === 'docx' || ext === 'xlsx') && buffer.includes('vbaProject.bin')) return { ok: false, error: CatalogueMessages.fileMacrosRefused };
  return { ok: true, ext, mime: MIME[ext] };
}

/** Images of a tool: PNG or JPEG by content, whatever the name says. */
export async function inspectImage(buffer: Buffer): Promise<Inspection> {
  if (buffer.length === 0) return { ok: false, error: CatalogueMessages.fileEmpty };
  const detected = await fromBuffer(buffer);
  if (detected?.ext === 'png') return { ok: true, ext: 'png', mime: MIME.png };
  if (detected?.ext === 'jpg') return { ok: true, ext: 'jpg', mime: MIME.jpg };
  return { ok: false, error: CatalogueMessages.imageTypeRefused };
}
