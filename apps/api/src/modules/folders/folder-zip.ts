import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { baseSlug } from '../../common/text/slug';

/** A tool whose file goes into the ZIP. */
export interface ZipTool {
  toolId: number;
  name: string;
  slug: string;
  fileKey: string;
  size: number;
  createdAt: Date;
  updatedAt: Date;
  /** The current version, whose file the ZIP holds (docs/product/rules.md#R917). */
  version?: number;
}

/** A tool of the folder that cannot be in the ZIP, and why (docs/product/rules.md#R523). */
export interface ZipMissing {
  name: string;
  reason: 'deleted' | 'unavailable';
}

export interface FolderZipInput {
  folderName: string;
  description: string | null;
  tools: ZipTool[];
  missing: ZipMissing[];
  /** Web origin, for the sheet links of the README. */
  webUrl: string;
  sheetPath: (slug: string) => string;
  now: Date;
}

export const README_NAME = 'LISEZ-MOI.txt';

/** Formats already compressed gain nothing from deflate: they are stored as they are (faster). */
const STORED_AS_IS = new Set(['pdf', 'docx', 'xlsx', 'jpg', 'jpeg', 'png', 'zip']);

const extensionOf = (key: string) => /\.([a-z0-9]{2,5})$/i.exec(key)?.[1]?.toLowerCase();

/** A safe file name made from a title: ASCII, lower case, hyphens, bounded length. */
export function safeName(title: string, fallback: string, maxLength = 80): string {
  const slug = baseSlug(title).slice(0, maxLength).replace(/-+$/, '');
  return slug === 'outil' && fallback !== 'outil' ? fallback : slug;
}

/** The ZIP's own name: the folder's name made safe (docs/product/rules.md#R521). */
export function zipFileName(folderName: string): string {
  return `${safeName(folderName, 'dossier')}.zip`;
}

/**
 * The entry of each tool: its position (so the files sort in the folder's order), then the tool's
 * name made safe, then the stored file's extension; a name already taken gets `-2`, `-3`…
 * (docs/product/rules.md#R521).
 */
export function entryNames(tools: Array<Pick<ZipTool, 'name' | 'fileKey'>>): string[] {
  const width = Math.max(2, String(tools.length).length);
  const taken = new Set<string>([README_NAME.toLowerCase()]);
  return tools.map((tool, index) => {
    const ext = extensionOf(tool.fileKey);
    const base = `${String(index + 1).padStart(width, '0')}-${safeName(tool.name, 'outil')}`;
    let candidate = ext ? `${base}.${ext}` : base;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = ext ? `${base}-${n}.${ext}` : `${base}-${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

const PARIS_DATE = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
const PARIS_TIME = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} octets`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} Ko`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo`;
}

/** The README: the folder, each tool with its file, sheet link and dates, and what is missing. */
export function readmeText(input: FolderZipInput, names: string[]): string {
  const lines: string[] = [
    `Dossier « ${input.folderName} »`,
    ...(input.description ? ['', input.description] : []),
    '',
    `Téléchargé le ${PARIS_DATE.format(input.now)} à ${PARIS_TIME.format(input.now)} (heure de Paris) sur ${input.webUrl}`,
    '',
    `Outils du dossier (${input.tools.length}) :`,
  ];
  input.tools.forEach((tool, index) => {
    lines.push(
      '',
      `${index + 1}. ${tool.name}`,
      `   Fichier : ${names[index]} (${formatSize(tool.size)})${tool.version ? `, version ${tool.version}` : ''}`,
      `   Fiche : ${input.webUrl}${input.sheetPath(tool.slug)}`,
      `   Publié le ${PARIS_DATE.format(tool.createdAt)}, mis à jour le ${PARIS_DATE.format(tool.updatedAt)}`,
    );
  });
  if (input.missing.length > 0) {
    lines.push('', `Outils absents de ce téléchargement (${input.missing.length}) :`, '');
    for (const item of input.missing) {
      lines.push(
        item.reason === 'deleted'
          ? `- ${item.name} : cet outil a été retiré du catalogue.`
          : `- ${item.name} : son fichier est momentanément indisponible. Réessayez plus tard.`,
      );
    }
  }
  lines.push('', 'Outils — bibliothèque gratuite d’outils téléchargeables.', '');
  // A BOM and CRLF so that every text editor, Windows Notepad included, shows the accents.
  return `\ufeff${lines.join('\r\n')}`;
}

export interface FolderZip {
  stream: Readable;
  /** Stops reading from storage (the client went away): no file stays open. */
  abort(): void;
}

/**
 * The ZIP, streamed as it is built (docs/product/rules.md#R522): yazl asks for each tool's
 * stream only when the previous one is written, so one stored file at a time is open, nothing is
 * written to disk, and memory stays flat whatever the folder's size. Backpressure from the
 * response paces the reads from storage.
 */
export function buildFolderZip(input: FolderZipInput, open: (fileKey: string) => Promise<Readable>): FolderZip {
  const zip = new ZipFile();
  const names = entryNames(input.tools);
  let current: Readable | null = null;
  let aborted = false;

  zip.addBuffer(Buffer.from(readmeText(input, names), 'utf8'), README_NAME, { mtime: input.now, compress: true });
  input.tools.forEach((tool, index) => {
    const compress = !STORED_AS_IS.has(extensionOf(tool.fileKey) ?? '');
    zip.addReadStreamLazy(names[index], { mtime: tool.updatedAt, compress }, (callback) => {
      if (aborted) return callback(null, Readable.from([]));
      open(tool.fileKey).then(
        (stream) => {
          current = stream;
          stream.once('close', () => { if (current === stream) current = null; });
          callback(null, stream);
        },
        (error) => callback(error, new PassThrough()),
      );
    });
  });
  zip.end();

  const output = zip.outputStream as Readable;
  // yazl reports a storage failure on the ZipFile; the output then ends the response in error.
  zip.on('error', (error: Error) => output.destroy(error));
  return {
    stream: output,
    abort() {
      aborted = true;
      current?.destroy();
      current = null;
    },
  };
}
