import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Difficulty } from '@outils/contracts';

export interface ToolWrite {
  slug: string;
  name: string;
  description: string;
  goal: string | null;
  people: string | null;
  duration: number | null;
  typeId: number;
  categoryId: number;
  difficulty: Difficulty | null;
  isFeatured: boolean;
  file: { key: string; name: string; mime: string; size: number };
}

/** A tool as read under its row lock before an update: what is written, plus its id and images. */
export interface LockedTool extends ToolWrite {
  id: number;
  images: Array<{ id: string; key: string }>;
}

export interface ImageWrite {
  id: string;
  key?: string;
  mime?: string;
  size?: number;
}

/** Write side of the catalogue (admin). Every method runs in the caller's transaction. */
@Injectable()
export class AdminToolsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Current and former slugs starting with `base` that belong to another tool. */
  async slugsTaken(em: EntityManager, base: string, exceptToolId?: number): Promise<Set<string>> {
    const rows: Array<{ slug: string }> = await em.query(
      `SELECT slug FROM tool WHERE (slug = $1 OR slug LIKE $2) AND id IS DISTINCT FROM $3
       UNION SELECT slug FROM tool_slug_history WHERE (slug = $1 OR slug LIKE $2) AND tool_id IS DISTINCT FROM $3`,
      [base, `${base}-%`, exceptToolId ?? null],
    );
    return new Set(rows.map((r) => r.slug));
  }

  async insert(em: EntityManager, tool: ToolWrite): Promise<number> {
    const [row]: Array<{ id: number }> = await em.query(
      `INSERT INTO tool (slug, name, description, goal, people, duration, type_id, category_id, difficulty, is_featured,
                         file_key, file_name, file_mime, file_size)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
      [tool.slug, tool.name, tool.description, tool.goal, tool.people, tool.duration, tool.typeId, tool.categoryId,
        tool.difficulty, tool.isFeatured, tool.file.key, tool.file.name, tool.file.mime, tool.file.size],
    );
    return row.id;
  }

  /** The tool and its images, locked until the end of the transaction (concurrent edits queue). */
  async lock(em: EntityManager, toolId: number): Promise<LockedTool | null> {
    const [row] = await em.query(
      `SELECT id, slug, name, description, goal, people, duration, type_id, category_id, difficulty, is_featured,
              file_key, file_name, file_mime, file_size
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
      file: { key: row.file_key, name: row.file_name, mime: row.file_mime, size: row.file_size },
      images,
    };
  }

  async update(em: EntityManager, toolId: number, tool: ToolWrite): Promise<void> {
    await em.query(
      `UPDATE tool SET slug = $2, name = $3, description = $4, goal = $5, people = $6, duration = $7, type_id = $8,
              category_id = $9, difficulty = $10, is_featured = $11, file_key = $12, file_name = $13, file_mime = $14,
              file_size = $15, updated_at = now()
        WHERE id = $1`,
      [toolId, tool.slug, tool.name, tool.description, tool.goal, tool.people, tool.duration, tool.typeId, tool.categoryId,
        tool.difficulty, tool.isFeatured, tool.file.key, tool.file.name, tool.file.mime, tool.file.size],
    );
  }

  /** docs/product/rules.md#R99: the former slug keeps working; a slug given back to its tool leaves the history. */
  async moveSlug(em: EntityManager, toolId: number, formerSlug: string, newSlug: string): Promise<void> {
    await em.query(`DELETE FROM tool_slug_history WHERE slug = $1 AND tool_id = $2`, [newSlug, toolId]);
    await em.query(`INSERT INTO tool_slug_history (slug, tool_id) VALUES ($1, $2)`, [formerSlug, toolId]);
  }

  /** Makes the stored list exactly `images` (in order): drops the others, inserts the new ones. */
  async setImages(em: EntityManager, toolId: number, images: ImageWrite[]): Promise<void> {
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

  /** Deletes the tool (images, favourites, slugs and logs follow by cascade); returns its storage keys. */
  async delete(em: EntityManager, toolId: number): Promise<string[] | null> {
    const tool = await this.lock(em, toolId);
    if (!tool) return null;
    await em.query(`DELETE FROM tool WHERE id = $1`, [toolId]);
    return [tool.file.key, ...tool.images.map((i) => i.key)];
  }

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
