import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { changedCount, managerOf, publishedTool, Transaction } from '@outils/server-db';
import type { ToolRow } from '../tools/tools.repository';

export interface FolderRow {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  share_token: string | null;
  is_kit: boolean;
  updated_at: Date;
  /** Tools still public in the catalogue (docs/product/rules.md#R651), in folder order. */
  tool_ids: number[];
  item_count: number;
}

/** An item of a folder with its tool's row when the tool still exists (`id` null otherwise). */
export interface FolderItemRow extends Omit<ToolRow, 'id' | 'file_mime' | 'file_size'> {
  id: number | null;
  item_name: string;
  position: number;
  file_key: string | null;
  file_mime: string | null;
  file_size: number | null;
  updated_at: Date | null;
}

export interface KitRow {
  name: string;
  description: string | null;
  share_token: string;
  tool_count: number;
}

export type AddOutcome = 'added' | 'already' | 'full' | 'unknown-tool';
export type CreateOutcome = { id: string } | 'limit' | 'unknown-tool';

const FOLDER_COLUMNS = `f.id, f.user_id, f.name, f.description, f.share_token, f.is_kit, f.updated_at,
  COALESCE((SELECT array_agg(i.tool_id ORDER BY i.position, i.id) FROM tool_folder_item i JOIN tool t ON t.id = i.tool_id
             WHERE i.folder_id = f.id AND ${publishedTool('t')}), '{}') AS tool_ids,
  (SELECT count(*)::int FROM tool_folder_item i WHERE i.folder_id = f.id) AS item_count`;

/**
 * Persistence of the download folders (docs/product/rules.md#R500). The writes run in the caller's
 * transaction (TransactionRunner); those that check a limit first lock the member's folders (or
 * the folder), so that two requests at once cannot pass the limit together
 * (docs/product/rules.md#R501).
 */
@Injectable()
export class FoldersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async listOwned(userId: string): Promise<FolderRow[]> {
    return this.dataSource.query(
      `SELECT ${FOLDER_COLUMNS} FROM tool_folder f WHERE f.user_id = $1 ORDER BY f.created_at, f.id`,
      [userId],
    );
  }

  /** The folder when it belongs to `userId`; null otherwise (another member's folder is unknown). */
  async findOwned(userId: string, folderId: string): Promise<FolderRow | null> {
    const rows: FolderRow[] = await this.dataSource.query(
      `SELECT ${FOLDER_COLUMNS} FROM tool_folder f WHERE f.id = $1::uuid AND f.user_id = $2::uuid`,
      [folderId, userId],
    );
    return rows[0] ?? null;
  }

  async findById(folderId: string): Promise<FolderRow | null> {
    const rows: FolderRow[] = await this.dataSource.query(`SELECT ${FOLDER_COLUMNS} FROM tool_folder f WHERE f.id = $1::uuid`, [folderId]);
    return rows[0] ?? null;
  }

  async findShared(token: string): Promise<FolderRow | null> {
    const rows: FolderRow[] = await this.dataSource.query(
      `SELECT ${FOLDER_COLUMNS} FROM tool_folder f WHERE f.share_token = $1`,
      [token],
    );
    return rows[0] ?? null;
  }

  /**
   * The folder's items in order, each with its tool (type, category, file) when it still exists
   * and is public: a tool turned back into a draft is shown, zipped and shared as unavailable
   * (docs/product/rules.md#R651).
   */
  async items(folderId: string): Promise<FolderItemRow[]> {
    return this.dataSource.query(
      `SELECT t.id, t.slug, t.name, t.description, t.goal, t.people, t.duration, t.difficulty, t.created_at, t.published_at,
              t.updated_at, t.is_featured, t.download_count, ty.id AS type_id, ty.name AS type_name,
              c.id AS category_id, c.name AS category_name, t.file_key, t.file_mime, t.file_size,
              t.file_pages, t.file_updated_at, t.preview_key, t.preview_width, t.preview_height,
              t.version_number, t.version_note, i.tool_name AS item_name, i.position
       FROM tool_folder_item i
       LEFT JOIN tool t ON t.id = i.tool_id AND ${publishedTool('t')}
       LEFT JOIN tool_type ty ON ty.id = t.type_id
       LEFT JOIN category c ON c.id = t.category_id
       WHERE i.folder_id = $1::uuid
       ORDER BY i.position, i.id`,
      [folderId],
    );
  }

  async create(tx: Transaction, userId: string, name: string, description: string | null, toolId: number | undefined, maxFolders: number): Promise<CreateOutcome> {
    const em = managerOf(tx);
    await this.lockMember(em, userId);
    const [{ count }] = await em.query(`SELECT count(*)::int AS count FROM tool_folder WHERE user_id = $1`, [userId]);
    if (count >= maxFolders) return 'limit';
    let toolName: string | undefined;
    if (toolId !== undefined) {
      const [tool] = await em.query(`SELECT t.name FROM tool t WHERE t.id = $1 AND ${publishedTool('t')}`, [toolId]);
      if (!tool) return 'unknown-tool';
      toolName = tool.name;
    }
    const [folder] = await em.query(
      `INSERT INTO tool_folder (user_id, name, description) VALUES ($1, $2, $3) RETURNING id`,
      [userId, name, description],
    );
    if (toolId !== undefined) {
      await em.query(
        `INSERT INTO tool_folder_item (folder_id, tool_id, tool_name, position) VALUES ($1, $2, $3, 0)`,
        [folder.id, toolId, toolName],
      );
    }
    return { id: folder.id as string };
  }

  async update(folderId: string, name: string, description: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE tool_folder SET name = $2, description = $3, updated_at = now() WHERE id = $1::uuid`,
      [folderId, name, description],
    );
  }

  async delete(folderId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM tool_folder WHERE id = $1::uuid`, [folderId]);
  }

  /** Appends the tool at the end of the folder; idempotent. */
  async addTool(tx: Transaction, folderId: string, toolId: number, maxTools: number): Promise<AddOutcome> {
    const em = managerOf(tx);
    await em.query(`SELECT 1 FROM tool_folder WHERE id = $1::uuid FOR UPDATE`, [folderId]);
    const [tool] = await em.query(`SELECT t.name FROM tool t WHERE t.id = $1 AND ${publishedTool('t')}`, [toolId]);
    if (!tool) return 'unknown-tool';
    const [existing] = await em.query(`SELECT 1 FROM tool_folder_item WHERE folder_id = $1::uuid AND tool_id = $2`, [folderId, toolId]);
    if (existing) return 'already';
    const [{ count, next }] = await em.query(
      `SELECT count(*)::int AS count, COALESCE(max(position) + 1, 0)::int AS next FROM tool_folder_item WHERE folder_id = $1::uuid`,
      [folderId],
    );
    if (count >= maxTools) return 'full';
    await em.query(
      `INSERT INTO tool_folder_item (folder_id, tool_id, tool_name, position) VALUES ($1, $2, $3, $4)`,
      [folderId, toolId, tool.name, next],
    );
    await this.touch(em, folderId);
    return 'added';
  }

  /** Removes a tool (by id) or, with `toolId` null, every item whose tool was deleted. */
  async removeTool(tx: Transaction, folderId: string, toolId: number | null): Promise<boolean> {
    const em = managerOf(tx);
    const removed = await changedCount(em,
      toolId === null
        ? `DELETE FROM tool_folder_item WHERE folder_id = $1::uuid AND tool_id IS NULL`
        : `DELETE FROM tool_folder_item WHERE folder_id = $1::uuid AND tool_id = $2`,
      toolId === null ? [folderId] : [folderId, toolId],
    );
    if (removed > 0) await this.touch(em, folderId);
    return removed > 0;
  }

  /**
   * New positions for the folder's tools; `toolIds` must be exactly the folder's present tools.
   * Items whose tool was deleted keep their place after them.
   */
  async reorder(tx: Transaction, folderId: string, toolIds: number[]): Promise<boolean> {
    const em = managerOf(tx);
    await em.query(`SELECT 1 FROM tool_folder WHERE id = $1::uuid FOR UPDATE`, [folderId]);
    const rows: Array<{ tool_id: number }> = await em.query(
      `SELECT tool_id FROM tool_folder_item WHERE folder_id = $1::uuid AND tool_id IS NOT NULL`,
      [folderId],
    );
    const current = new Set(rows.map((r) => r.tool_id));
    if (current.size !== toolIds.length || new Set(toolIds).size !== toolIds.length || toolIds.some((id) => !current.has(id))) {
      return false;
    }
    await em.query(
      `UPDATE tool_folder_item i SET position = o.ord::int - 1
       FROM unnest($2::int[]) WITH ORDINALITY AS o(tool_id, ord)
       WHERE i.folder_id = $1::uuid AND i.tool_id = o.tool_id`,
      [folderId, toolIds],
    );
    await em.query(
      `UPDATE tool_folder_item i SET position = $2 + r.rn
       FROM (SELECT id, row_number() OVER (ORDER BY position, id)::int AS rn
             FROM tool_folder_item WHERE folder_id = $1::uuid AND tool_id IS NULL) r
       WHERE i.id = r.id`,
      [folderId, toolIds.length],
    );
    await this.touch(em, folderId);
    return true;
  }

  /** A token to share, or null to revoke (revoking also unmarks a kit). */
  async setShareToken(folderId: string, token: string | null): Promise<void> {
    await this.dataSource.query(
      token === null
        ? `UPDATE tool_folder SET share_token = NULL, shared_at = NULL, is_kit = false, updated_at = now() WHERE id = $1::uuid`
        : `UPDATE tool_folder SET share_token = $2, shared_at = now(), updated_at = now() WHERE id = $1::uuid`,
      token === null ? [folderId] : [folderId, token],
    );
  }

  /** False when the folder is not shared (a kit is always public). */
  async setKit(folderId: string, isKit: boolean): Promise<boolean> {
    const updated = await changedCount(this.dataSource,
      `UPDATE tool_folder SET is_kit = $2, updated_at = now() WHERE id = $1::uuid AND (share_token IS NOT NULL OR NOT $2)`,
      [folderId, isKit],
    );
    return updated > 0;
  }

  async listKits(): Promise<KitRow[]> {
    return this.dataSource.query(
      `SELECT f.name, f.description, f.share_token,
              (SELECT count(*)::int FROM tool_folder_item i JOIN tool t ON t.id = i.tool_id WHERE i.folder_id = f.id AND ${publishedTool('t')}) AS tool_count
       FROM tool_folder f WHERE f.is_kit ORDER BY f.updated_at DESC, f.id LIMIT 12`,
    );
  }

  /**
   * One download for each tool of a ZIP, as a single download does (docs/product/rules.md#R102,
   * docs/product/rules.md#R103): a log row per tool with the member, and the counter, in one
   * transaction; a ZIP link counts once per tool however often it is fetched: a later fetch, or a
   * robot's (`exclusion`), is logged with its reason and counts nothing (docs/product/rules.md#R670).
   */
  async recordZipDownloads(tx: Transaction, toolIds: number[], userId: string | null, linkId: string, exclusion: 'bot' | null = null): Promise<number[]> {
    if (toolIds.length === 0) return [];
    const em = managerOf(tx);
    const insert = (ids: number[], reason: string | null, onConflict: string): Promise<Array<{ tool_id: number }>> =>
      em.query(
        `INSERT INTO download_log (tool_id, user_id, email, link_id, counted, excluded_reason)
         SELECT t.id, u.id, u.email, encode(sha256(convert_to($3 || ':' || t.id::text, 'UTF8')), 'hex'), $4::varchar IS NULL, $4::varchar
         FROM tool t LEFT JOIN app_user u ON u.id = $2::uuid WHERE t.id = ANY($1::int[])
         ${onConflict}
         RETURNING tool_id`,
        [ids, userId, linkId, reason],
      );
    if (exclusion) {
      await insert(toolIds, exclusion, '');
      return [];
    }
    const counted = (await insert(toolIds, null, 'ON CONFLICT (link_id) WHERE link_id IS NOT NULL AND counted DO NOTHING')).map((r) => r.tool_id);
    const repeated = toolIds.filter((id) => !counted.includes(id));
    if (repeated.length > 0) await insert(repeated, 'repeat', '');
    if (counted.length > 0) {
      await em.query(`UPDATE tool SET download_count = download_count + 1 WHERE id = ANY($1::int[])`, [counted]);
    }
    return counted;
  }

  /** Serialises the limit checks of one member's folder creations. */
  private async lockMember(em: EntityManager, userId: string): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock(hashtextextended('tool_folder:' || $1, 0))`, [userId]);
  }

  private async touch(em: EntityManager, folderId: string): Promise<void> {
    await em.query(`UPDATE tool_folder SET updated_at = now() WHERE id = $1::uuid`, [folderId]);
  }
}
