import { randomBytes, randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';
import { DataSource } from 'typeorm';
import type { Difficulty } from '@outils/contracts';
import type { AppConfig } from '@outils/server-config';
import { DiskStorage } from '@outils/server-storage';

/** A tiny but well-formed PDF (file-type recognises it by its `%PDF-` signature). */
export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n' +
    'trailer <</Root 1 0 R>>\n%%EOF\n',
);

export function samplePng(width = 8, height = 8, rgb: [number, number, number] = [40, 120, 200]): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i += 1) png.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(png);
}

/** Minimal JPEG header + end marker: enough for a content check (FF D8 FF … FF D9). */
export const SAMPLE_JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64, 0x11),
  Buffer.from('ffd9', 'hex'),
]);

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}${randomBytes(2).toString('hex')}`;

export interface NamedRow {
  id: number;
  name: string;
}

export async function createCategory(dataSource: DataSource, name = `Sujet ${unique()}`, position = 0): Promise<NamedRow> {
  const [row] = await dataSource.query(`INSERT INTO category (name, position) VALUES ($1, $2) RETURNING id, name`, [name, position]);
  return row;
}

export async function createToolType(dataSource: DataSource, name = `Type ${unique()}`, position = 0): Promise<NamedRow> {
  const [row] = await dataSource.query(`INSERT INTO tool_type (name, position) VALUES ($1, $2) RETURNING id, name`, [name, position]);
  return row;
}

export interface TestToolOptions {
  name?: string;
  slug?: string;
  description?: string;
  goal?: string | null;
  people?: string | null;
  duration?: number | null;
  categoryId?: number;
  typeId?: number;
  difficulty?: Difficulty | null;
  createdAt?: Date;
  /** A draft (docs/product/rules.md#R650). */
  isDraft?: boolean;
  /** The moment of publication (in the future: scheduled); NULL: from `createdAt`. */
  publishAt?: Date | null;
  isFeatured?: boolean;
  downloadCount?: number;
  /** Number of PNG images to attach. */
  images?: number;
  /** Their size in pixels (8×8 by default). */
  imageSize?: { width: number; height: number };
  file?: { body: Buffer; ext: string; mime: string };
}

export interface TestTool {
  id: number;
  slug: string;
  name: string;
  fileKey: string;
  imageIds: string[];
  imageKeys: string[];
}

/**
 * Inserts a tool straight into the database, its file and images written to the test run's
 * storage directory (the API reads them back through the disk driver).
 */
export async function createTestTool(
  t: { dataSource: DataSource; config: Readonly<AppConfig> },
  options: TestToolOptions = {},
): Promise<TestTool> {
  const storage = new DiskStorage(t.config.storage.dir);
  const categoryId = options.categoryId ?? (await createCategory(t.dataSource)).id;
  const typeId = options.typeId ?? (await createToolType(t.dataSource)).id;
  const id = unique();
  const name = options.name ?? `Outil de test ${id}`;
  const slug = options.slug ?? `outil-de-test-${id}`;
  const file = options.file ?? { body: SAMPLE_PDF, ext: 'pdf', mime: 'application/pdf' };
  const fileKey = `tools/files/${randomUUID()}.${file.ext}`;
  await storage.put(fileKey, file.body, file.mime);

  const [row] = await t.dataSource.query(
    `INSERT INTO tool (slug, name, description, goal, people, duration, type_id, category_id, difficulty, is_featured,
                       download_count, file_key, file_name, file_mime, file_size, created_at, is_draft, publish_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
    [
      slug, name, options.description ?? 'Un outil pour les tests.\nSur deux lignes.', options.goal === undefined ? 'Tester' : options.goal,
      options.people === undefined ? 'Les équipes' : options.people, options.duration === undefined ? 1.5 : options.duration,
      typeId, categoryId, options.difficulty === undefined ? 'Simple' : options.difficulty, options.isFeatured ?? false,
      options.downloadCount ?? 0, fileKey, `fichier.${file.ext}`, file.mime, file.body.length, options.createdAt ?? new Date(),
      options.isDraft ?? false, options.publishAt ?? null,
    ],
  );
  const imageIds: string[] = [];
  const imageKeys: string[] = [];
  for (let position = 0; position < (options.images ?? 0); position += 1) {
    const imageId = randomUUID();
    const key = `tools/images/${imageId}.png`;
    const png = samplePng(options.imageSize?.width ?? 8, options.imageSize?.height ?? 8, [position * 60, 100, 200]);
    await storage.put(key, png, 'image/png');
    await t.dataSource.query(
      `INSERT INTO tool_image (id, tool_id, storage_key, mime, size, position) VALUES ($1, $2, $3, 'image/png', $4, $5)`,
      [imageId, row.id, key, png.length, position],
    );
    imageIds.push(imageId);
    imageKeys.push(key);
  }
  return { id: row.id, slug, name, fileKey, imageIds, imageKeys };
}

/** Empties the catalogue tables (run at the start of a catalogue test file). */
export async function resetCatalogue(dataSource: DataSource): Promise<void> {
  await dataSource.query(`TRUNCATE tool, tool_image, tool_slug_history, favorite, download_log, category, tool_type RESTART IDENTITY CASCADE`);
  // Ids start again at 1: jobs naming a former tool by id would name a new one.
  await dataSource.query(`DELETE FROM outbox_message WHERE payload ? 'toolId'`);
}

/**
 * A declared accessible alternative and the worker's check of it (docs/product/rules.md#R947), the
 * check's single criterion passed (`accessible`) or failed (`partial`); `null`: no check yet. A tool
 * without an alternative gets a CSV one in its row only (nothing in storage: not for downloads).
 */
export async function recordAlternativeCheck(dataSource: DataSource, toolId: number, outcome: 'accessible' | 'partial' | null): Promise<void> {
  await dataSource.query(
    `UPDATE tool SET alt_file_key = COALESCE(alt_file_key, 'tools/files/alternative-' || id || '.csv'),
       alt_file_name = COALESCE(alt_file_name, 'version-accessible.csv'), alt_file_mime = COALESCE(alt_file_mime, 'text/csv'),
       alt_file_size = COALESCE(alt_file_size, 37) WHERE id = $1`,
    [toolId],
  );
  if (!outcome) return;
  const failed = outcome === 'partial';
  const criteria = [{
    id: 'csv-header', status: failed ? 'failed' : 'passed', label: 'La première ligne nomme les colonnes', reference: 'RGAA 5.6',
    where: failed ? ['ligne 1'] : [], fix: failed ? 'Écrivez le nom de chaque colonne sur la première ligne.' : null,
  }];
  await dataSource.query(
    `INSERT INTO tool_file_accessibility (tool_id, file_key, format, outcome, failed_count, criteria)
     SELECT id, alt_file_key, 'csv', $2, $3, $4::jsonb FROM tool WHERE id = $1`,
    [toolId, outcome, failed ? 1 : 0, JSON.stringify(criteria)],
  );
}

/**
 * A stored accessibility check of the tool's current file (docs/product/rules.md#R934), as the
 * worker writes it: `accessible` (one passed criterion), `partial` (one failed, the language) or
 * `unchecked`. `replaced`: an accessible check of a file the tool no longer has, which counts nothing.
 */
export async function recordAccessibilityCheck(dataSource: DataSource, toolId: number, outcome: 'accessible' | 'partial' | 'unchecked' | 'replaced'): Promise<void> {
  const failed = outcome === 'partial';
  const criteria = [{
    id: 'pdf-lang', status: outcome === 'unchecked' ? 'not-applicable' : failed ? 'failed' : 'passed', label: 'La langue du document est indiquée',
    reference: 'PDF/UA-1 § 7.2 ; RGAA 8.3', where: failed ? ['propriétés du document'] : [], fix: failed ? 'Indiquez la langue dans les propriétés du document.' : null,
  }];
  await dataSource.query(
    `INSERT INTO tool_file_accessibility (tool_id, file_key, format, outcome, failed_count, criteria)
     SELECT id, CASE WHEN $2 = 'replaced' THEN 'ancien/' || file_key ELSE file_key END, 'pdf', CASE WHEN $2 = 'replaced' THEN 'accessible' ELSE $2 END, $3, $4::jsonb
       FROM tool WHERE id = $1`,
    [toolId, outcome, failed ? 1 : 0, JSON.stringify(criteria)],
  );
}
