import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { Tool } from '@outils/contracts';
import { managerOf, publishedTool, Transaction } from '@outils/server-db';

/**
 * The publication as written (docs/product/rules.md#R650): a draft, or public from `publishAt`
 * (null: from its creation; 'now': from this write, on the database's clock).
 */
export interface PublicationWrite {
  isDraft: boolean;
  publishAt: Date | null | 'now';
}

/** A tool as written: the contract's own fields, its type and category by id, its stored file and its publication. */
export interface ToolWrite
  extends Pick<Tool, 'slug' | 'name' | 'description' | 'goal' | 'people' | 'duration' | 'difficulty' | 'isFeatured'> {
  typeId: number;
  categoryId: number;
  /** `pages`: PDF and DOCX only, null when unknown (docs/product/rules.md#R631). */
  file: { key: string; name: string; mime: string; size: number; pages: number | null };
  /** An image file's description (docs/product/rules.md#R942). */
  fileAlt: string | null;
  publication: PublicationWrite;
}

/** A tool as read under its row lock before an update: what is written, plus its id and images. */
export interface LockedTool extends ToolWrite {
  id: number;
  images: Array<{ id: string; key: string }>;
  /** Public now (docs/product/rules.md#R651). */
  isPublic: boolean;
  /** The stored first-page image of its PDF, if rendered (docs/product/rules.md#R636). */
  previewKey: string | null;
}

/** `publish_at` from a PublicationWrite: parameters `now` (boolean) then the date. */
const PUBLISH_AT = (nowParam: string, atParam: string) => `CASE WHEN ${nowParam}::boolean THEN now() ELSE ${atParam}::timestamptz END`;

export interface ImageWrite {
  id: string;
  key?: string;
  mime?: string;
  size?: number;
}

function publicationParams(publication: PublicationWrite): [boolean, boolean, Date | null] {
  return [publication.isDraft, publication.publishAt === 'now', publication.publishAt instanceof Date ? publication.publishAt : null];
}

/** A slug another save took meanwhile (two admins saving the same name at once): retry the save. */
export class SlugTakenError extends Error {
  constructor() {
    super('slug already taken');
  }
}

/** PostgreSQL's unique violation (23505) on a slug's unique index: the tool's or its history's. */
function slugConflict(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const e = error as QueryFailedError & { code?: string; constraint?: string; driverError?: { constraint?: string } };
  return e.code === '23505' && /slug/.test(e.constraint ?? e.driverError?.constraint ?? '');
}

async function translatingSlugConflicts<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw slugConflict(error) ? new SlugTakenError() : error;
  }
}

/**
 * Write side of the catalogue (admin). Every method runs in the caller's transaction; writes that
 * a concurrent save can refuse on a slug throw `SlugTakenError`.
 */
@Injectable()
export class AdminToolsRepository {
  /** Current and former slugs starting with `base` that belong to another tool. */
  async slugsTaken(tx: Transaction, base: string, exceptToolId?: number): Promise<Set<string>> {
    const em = managerOf(tx);
    const rows: Array<{ slug: string }> = await em.query(
      `SELECT slug FROM tool WHERE (slug = $1 OR slug LIKE $2) AND id IS DISTINCT FROM $3
       UNION SELECT slug FROM tool_slug_history WHERE (slug = $1 OR slug LIKE $2) AND tool_id IS DISTINCT FROM $3`,
      [base, `${base}-%`, exceptToolId ?? null],
    );
    return new Set(rows.map((r) => r.slug));
  }

  async insert(tx: Transaction, tool: ToolWrite): Promise<number> {
    const em = managerOf(tx);
    const [row]: Array<{ id: number }> = await translatingSlugConflicts(em.query(
      `INSERT INTO tool (slug, name, description, goal, people, duration, type_id, category_id, difficulty, is_featured,
                         file_key, file_name, file_mime, file_size, file_pages, is_draft, publish_at, file_alt)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, ${PUBLISH_AT('$17', '$18')}, $19) RETURNING id`,
      [tool.slug, tool.name, tool.description, tool.goal, tool.people, tool.duration, tool.typeId, tool.categoryId,
        tool.difficulty, tool.isFeatured, tool.file.key, tool.file.name, tool.file.mime, tool.file.size, tool.file.pages,
        ...publicationParams(tool.publication), tool.fileAlt],
    ));
    return row.id;
  }

  /** The tool and its images, locked until the end of the transaction (concurrent edits queue). */
  async lock(tx: Transaction, toolId: number): Promise<LockedTool | null> {
    const em = managerOf(tx);
    const [row] = await em.query(
      `SELECT id, slug, name, description, goal, people, duration, type_id, category_id, difficulty, is_featured,
              file_key, file_name, file_mime, file_size, file_pages, file_alt, preview_key, is_draft, publish_at,
              COALESCE(${publishedTool('tool')}, false) AS is_public
         FROM tool WHERE id = $1 FOR UPDATE`,
      [toolId],
    );
    if (!row) return null;
    const images: Array<{ id: string; key: string }> = await em.query(
      `SELECT id, storage_key AS key FROM tool_image WHERE tool_id = $1 ORDER BY position, created_at`,
      [toolId],
    );
    return {
      id: row.id, slug: row.slug, name: row.name, description: row.description, goal: row.goal, people: row.people,
      duration: row.duration === null ? null : Number(row.duration), typeId: row.type_id, categoryId: row.category_id,
      difficulty: row.difficulty, isFeatured: row.is_featured,
      file: { key: row.file_key, name: row.file_name, mime: row.file_mime, size: row.file_size, pages: row.file_pages },
      fileAlt: row.file_alt,
      publication: { isDraft: row.is_draft, publishAt: row.publish_at === null ? null : new Date(row.publish_at) },
      isPublic: row.is_public,
      images,
      previewKey: row.preview_key,
    };
  }

  /**
   * A new file (another key) is dated (docs/product/rules.md#R632) and loses the former file's
   * preview until the worker renders its own (docs/product/rules.md#R636).
   */
  async update(tx: Transaction, toolId: number, tool: ToolWrite): Promise<void> {
    const em = managerOf(tx);
    await translatingSlugConflicts(em.query(
      `UPDATE tool SET slug = $2, name = $3, description = $4, goal = $5, people = $6, duration = $7, type_id = $8,
              category_id = $9, difficulty = $10, is_featured = $11, file_key = $12::varchar, file_name = $13, file_mime = $14,
              file_size = $15, file_pages = $16, is_draft = $17, publish_at = ${PUBLISH_AT('$18', '$19')}, file_alt = $20, updated_at = now(),
              file_updated_at = CASE WHEN file_key <> $12::varchar THEN now() ELSE file_updated_at END,
              preview_key = CASE WHEN file_key <> $12::varchar THEN NULL ELSE preview_key END,
              preview_width = CASE WHEN file_key <> $12::varchar THEN NULL ELSE preview_width END,
              preview_height = CASE WHEN file_key <> $12::varchar THEN NULL ELSE preview_height END
        WHERE id = $1`,
      [toolId, tool.slug, tool.name, tool.description, tool.goal, tool.people, tool.duration, tool.typeId, tool.categoryId,
        tool.difficulty, tool.isFeatured, tool.file.key, tool.file.name, tool.file.mime, tool.file.size, tool.file.pages,
        ...publicationParams(tool.publication), tool.fileAlt],
    ));
  }

  /** docs/product/rules.md#R99: the former slug keeps working; a slug given back to its tool leaves the history. */
  async moveSlug(tx: Transaction, toolId: number, formerSlug: string, newSlug: string): Promise<void> {
    const em = managerOf(tx);
    await em.query(`DELETE FROM tool_slug_history WHERE slug = $1 AND tool_id = $2`, [newSlug, toolId]);
    await translatingSlugConflicts(em.query(`INSERT INTO tool_slug_history (slug, tool_id) VALUES ($1, $2)`, [formerSlug, toolId]));
  }

  /** Makes the stored list exactly `images` (in order): drops the others, inserts the new ones. */
  async setImages(tx: Transaction, toolId: number, images: ImageWrite[]): Promise<void> {
    const em = managerOf(tx);
    const keptIds = images.filter((i) => !i.key).map((i) => i.id);
    await em.query(`DELETE FROM tool_image WHERE tool_id = $1 AND NOT (id = ANY($2::uuid[]))`, [toolId, keptIds]);
    for (const [position, image] of images.entries()) {
      if (image.key) {
        await em.query(
          `INSERT INTO tool_image (id, tool_id, storage_key, mime, size, position) VALUES ($1, $2, $3, $4, $5, $6)`,
          [image.id, toolId, image.key, image.mime, image.size, position],
        );
      } else {
        await em.query(`UPDATE tool_image SET position = $3 WHERE id = $1 AND tool_id = $2`, [image.id, toolId, position]);
      }
    }
  }

  /**
   * docs/product/rules.md#R943: sets (or with null removes) the declared accessible alternative;
   * answers the key of the one it replaced, whose check leaves with it.
   */
  async setAlternative(tx: Transaction, toolId: number, alt: { key: string; name: string; mime: string; size: number } | null): Promise<string | null> {
    const em = managerOf(tx);
    const [row] = await em.query(`SELECT alt_file_key FROM tool WHERE id = $1 FOR UPDATE`, [toolId]);
    await em.query(
      `UPDATE tool SET alt_file_key = $2, alt_file_name = $3, alt_file_mime = $4, alt_file_size = $5 WHERE id = $1`,
      [toolId, alt?.key ?? null, alt?.name ?? null, alt?.mime ?? null, alt?.size ?? null],
    );
    const former: string | null = row?.alt_file_key ?? null;
    if (former && former !== alt?.key) await em.query(`DELETE FROM tool_file_accessibility WHERE tool_id = $1 AND file_key = $2`, [toolId, former]);
    return former;
  }

  /** Deletes the tool (images, favourites, slugs and logs follow by cascade); returns its storage keys. */
  async delete(tx: Transaction, toolId: number): Promise<string[] | null> {
    const em = managerOf(tx);
    const tool = await this.lock(tx, toolId);
    if (!tool) return null;
    const [alt] = await em.query(`SELECT alt_file_key FROM tool WHERE id = $1`, [toolId]);
    await em.query(`DELETE FROM tool WHERE id = $1`, [toolId]);
    return [tool.file.key, ...(alt?.alt_file_key ? [alt.alt_file_key] : []), ...tool.images.map((i) => i.key), ...(tool.previewKey ? [tool.previewKey] : [])];
  }
}
