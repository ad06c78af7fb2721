import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { CatalogueMessages } from '@outils/contracts';

type FileTypeModule = typeof import('file-type');
let fileTypeModule: Promise<FileTypeModule> | undefined;
/**
 * file-type is ESM only since its version 17 (docs/dependencies.md): loaded once with a dynamic
 * import, which the CommonJS bundle keeps as a real `import()` and jest maps to its transform.
 */
const fileType = (): Promise<FileTypeModule> => (fileTypeModule ??= import('file-type'));

/** What the content says the file is (only the first bytes are read). */
async function detect(path: string): Promise<{ ext: string; mime: string } | undefined> {
  return (await fileType()).fileTypeFromFile(path);
}

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
/** Part name of the macros inside macro-enabled Office zip containers (docm/xlsm). */
const ZIP_VBA_MARKER = Buffer.from('vbaProject.bin');

/** A control byte that no text file holds (tab and line breaks are fine). */
const isControlByte = (byte: number) => (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f;

/**
 * CSV has no signature: accept text without NUL or other control bytes, in UTF-8 (with or
 * without BOM) or in a single-byte encoding such as the Windows-1252 files Excel writes in France.
 */
export function looksLikeCsvText(buffer: Buffer): boolean {
  return buffer.length > 0 && !buffer.some(isControlByte);
}

interface FileScan {
  size: number;
  csvText: boolean;
  /** One flag per marker: found somewhere in the file. */
  found: boolean[];
}

/**
 * Reads the file once, in chunks (never whole in memory): its size, whether it could be CSV
 * text, and whether each marker occurs (a chunk keeps the previous one's tail, so a marker
 * across two chunks is found).
 */
async function scanFile(path: string, markers: Buffer[]): Promise<FileScan> {
  const overlap = Math.max(0, ...markers.map((m) => m.length - 1));
  const found = markers.map(() => false);
  let size = 0;
  let csvText = true;
  let tail: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (csvText && chunk.some(isControlByte)) csvText = false;
    const window = tail.length ? Buffer.concat([tail, chunk]) : chunk;
    markers.forEach((marker, i) => {
      if (!found[i] && window.includes(marker)) found[i] = true;
    });
    tail = window.subarray(Math.max(0, window.length - overlap));
  }
  return { size, csvText: csvText && size > 0, found };
}

/**
 * Checks a tool file BY CONTENT against the list of docs/product/rules.md#R130 (pdf, doc, docx, csv, xlsx, xls, jpg,
 * png). The content decides the type; an extension, when given, must agree with it. OLE
 * (doc/xls) and CSV cannot be told apart by content alone, so there the extension decides
 * between the formats the content allows.
 */
export async function inspectToolFile(path: string, originalName: string): Promise<Inspection> {
  const scan = await scanFile(path, [CFB_VBA_MARKER, ZIP_VBA_MARKER]);
  if (scan.size === 0) return { ok: false, error: CatalogueMessages.fileEmpty };
  const [cfbMacros, zipMacros] = scan.found;
  const claimed = nameExtension(originalName);
  const detected = await detect(path);

  if (!detected) {
    if (claimed === 'csv' && scan.csvText) return { ok: true, ext: 'csv', mime: MIME.csv };
    return { ok: false, error: CatalogueMessages.fileTypeRefused };
  }
  if (detected.ext === 'cfb') {
    if (claimed !== 'doc' && claimed !== 'xls') return { ok: false, error: CatalogueMessages.fileTypeRefused };
    if (cfbMacros) return { ok: false, error: CatalogueMessages.fileMacrosRefused };
    return { ok: true, ext: claimed, mime: MIME[claimed] };
  }
  // Recent file-type versions name macro-enabled Office files themselves (docm, xlsm…).
  if (['docm', 'xlsm', 'dotm', 'xltm', 'pptm'].includes(detected.ext)) return { ok: false, error: CatalogueMessages.fileMacrosRefused };
  const ext = detected.ext === 'jpeg' ? 'jpg' : detected.ext;
  if (!['pdf', 'docx', 'xlsx', 'jpg', 'png'].includes(ext)) return { ok: false, error: CatalogueMessages.fileTypeRefused };
  if (claimed && claimed !== ext) return { ok: false, error: CatalogueMessages.fileExtensionMismatch };
  // Macro-enabled Office files (docm/xlsm) are zip containers too; their VBA part gives them away.
  if ((ext === 'docx' || ext === 'xlsx') && zipMacros) return { ok: false, error: CatalogueMessages.fileMacrosRefused };
  return { ok: true, ext, mime: MIME[ext] };
}

/** Images of a tool: PNG or JPEG by content, whatever the name says. */
export async function inspectImage(path: string): Promise<Inspection> {
  if ((await stat(path)).size === 0) return { ok: false, error: CatalogueMessages.fileEmpty };
  const detected = await detect(path);
  if (detected?.ext === 'png') return { ok: true, ext: 'png', mime: MIME.png };
  if (detected?.ext === 'jpg') return { ok: true, ext: 'jpg', mime: MIME.jpg };
  return { ok: false, error: CatalogueMessages.imageTypeRefused };
}
