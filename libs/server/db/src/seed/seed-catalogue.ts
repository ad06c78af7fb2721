import { randomUUID } from 'node:crypto';
import slugify from 'slugify';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@outils/server-config';
import { countPages, PDF_MIME, renderPdfFirstPage } from '@outils/server-documents';
import { createStorage, StoragePort } from '@outils/server-storage';
import { DEMO_CATEGORIES, DEMO_TOOLS, DEMO_TYPES } from './catalogue/data';
import { generateToolFile } from './catalogue/files';
import { illustrationPng } from './catalogue/images';

/** Same rule as the API's `baseSlug` (apps/api/src/common/text/slug.ts): accents folded, hyphens. */
function slugOf(name: string): string {
  return slugify(name.replace(/['’`]/g, ' '), { lower: true, strict: true, locale: 'fr', trim: true }).slice(0, 150).replace(/-+$/, '');
}

async function upsertNames(dataSource: DataSource, table: 'category' | 'tool_type', names: readonly string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [position, name] of names.entries()) {
    const [row]: Array<{ id: number }> = await dataSource.query(
      `INSERT INTO ${table} (name, position) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position RETURNING id`,
      [name, position],
    );
    ids.set(name, row.id);
  }
  return ids;
}

/**
 * Categories, types and the demo catalogue (docs/product/rules.md#R171): 32 tools, each with a real file
 * generated now (PDF, XLSX, DOCX or CSV) and written through the storage port, several with
 * PNG illustrations, creation dates spread over today, the last days and past months, and one
 * recent tool of the month. Categories and types are upserted; tools are added only when the
 * catalogue is empty. A file written for a tool whose row then fails is removed again.
 * Each file's pages are counted and each PDF's first page rendered here, with the functions the
 * API and the worker use (docs/product/rules.md#R637): the demo sheets show them from the start.
 */
export async function seedCatalogue(
  dataSource: DataSource,
  config: Readonly<AppConfig>,
  storage: StoragePort = createStorage(config),
  now = new Date(),
): Promise<string[]> {
  const categories = await upsertNames(dataSource, 'category', DEMO_CATEGORIES);
  const types = await upsertNames(dataSource, 'tool_type', DEMO_TYPES);
  const lines = [`Catalogue : ${categories.size} sujets, ${types.size} types d’outils`];

  const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM tool`);
  if (count > 0) return [...lines, `Catalogue : ${count} outils déjà présents, rien d’ajouté`];

  const formats: Record<string, number> = {};
  let imageCount = 0;
  let previews = 0;
  for (const [index, tool] of DEMO_TOOLS.entries()) {
    const file = await generateToolFile(tool);
    const fileKey = `tools/files/${randomUUID()}.${file.ext}`;
    const images = Array.from({ length: tool.images }, (_, variant) => ({
      id: randomUUID(),
      body: illustrationPng(tool.type, variant, index),
    }));
    const written: string[] = [];
    try {
      await storage.put(fileKey, file.body, file.mime);
      written.push(fileKey);
      const pages = await countPages(file.body, file.mime);
      let preview: { key: string; width: number; height: number } | null = null;
      if (file.mime === PDF_MIME) {
        const page = await renderPdfFirstPage(file.body);
        preview = { key: `tools/previews/${randomUUID()}.png`, width: page.width, height: page.height };
        await storage.put(preview.key, page.png, 'image/png');
        written.push(preview.key);
        previews += 1;
      }
      for (const image of images) {
        await storage.put(`tools/images/${image.id}.png`, image.body, 'image/png');
        written.push(`tools/images/${image.id}.png`);
      }
      await dataSource.transaction(async (em) => {
        const [row]: Array<{ id: number }> = await em.query(
          `INSERT INTO tool (slug, name, description, goal, people, duration, type_id, category_id, difficulty, is_featured,
                             file_key, file_name, file_mime, file_size, created_at, updated_at,
                             file_pages, preview_key, preview_width, preview_height)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, $17, $18, $19) RETURNING id`,
          [
            slugOf(tool.name), tool.name, tool.description, tool.goal, tool.people, tool.duration, types.get(tool.type),
            categories.get(tool.category), tool.difficulty, tool.featured ?? false, fileKey, `${slugOf(tool.name)}.${file.ext}`,
            file.mime, file.body.length, new Date(now.getTime() - tool.ageHours * 3_600_000),
            pages, preview?.key ?? null, preview?.width ?? null, preview?.height ?? null,
          ],
        );
        // docs/product/rules.md#R934, #R936: the worker checks the demo files as it checks uploads.
        await em.query(`INSERT INTO outbox_message (job_name, payload) VALUES ('check-document-accessibility', jsonb_build_object('toolId', $1::int, 'fileKey', $2::text))`, [
          row.id,
          fileKey,
        ]);
        for (const [position, image] of images.entries()) {
          await em.query(
            `INSERT INTO tool_image (id, tool_id, storage_key, mime, size, position) VALUES ($1, $2, $3, 'image/png', $4, $5)`,
            [image.id, row.id, `tools/images/${image.id}.png`, image.body.length, position],
          );
        }
      });
    } catch (error) {
      await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
      throw error;
    }
    formats[file.ext] = (formats[file.ext] ?? 0) + 1;
    imageCount += images.length;
  }
  const byFormat = Object.entries(formats).map(([ext, n]) => `${n} ${ext.toUpperCase()}`).join(', ');
  lines.push(`Catalogue : ${DEMO_TOOLS.length} outils (${byFormat}), ${imageCount} illustrations, ${previews} aperçus de PDF`);
  return lines;
}
