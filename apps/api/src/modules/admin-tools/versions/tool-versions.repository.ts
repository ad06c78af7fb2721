import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { managerOf, Transaction } from '@outils/server-db';

/** A new version as written (docs/product/rules.md#R900). */
export interface VersionWrite {
  file: { key: string; name: string; mime: string; size: number; pages: number | null };
  /** The preview already rendered for this file (a restore), if any. */
  preview?: { key: string; width: number | null; height: number | null } | null;
  note: string | null;
  minor: boolean;
  restoredFrom: number | null;
}

export interface VersionRow {
  number: number;
  file_key: string;
  file_name: string;
  file_mime: string;
  file_size: number;
  file_pages: number | null;
  preview_key: string | null;
  preview_width: number | null;
  preview_height: number | null;
  note: string | null;
  is_minor: boolean;
  restored_from: number | null;
  created_at: Date;
  is_current: boolean;
  downloads: number;
}

/** The versions of a tool (admin side). Every write runs in the caller's transaction, under the tool's row lock. */
@Injectable()
export class ToolVersionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Adds the next version and makes it the tool's current number and note. The outgoing version
   * keeps the preview rendered for its file (docs/product/rules.md#R902): call it before the tool
   * row takes the new file. Returns the new number.
   */
  async add(tx: Transaction, toolId: number, version: VersionWrite): Promise<number> {
    const em = managerOf(tx);
    await em.query(
      `UPDATE tool_version v SET preview_key = t.preview_key, preview_width = t.preview_width, preview_height = t.preview_height
         FROM tool t WHERE t.id = $1 AND v.tool_id = t.id AND v.number = t.version_number AND v.file_key = t.file_key
          AND t.preview_key IS NOT NULL`,
      [toolId],
    );
    const [row]: Array<{ number: number }> = await em.query(
      `INSERT INTO tool_version (tool_id, number, file_key, file_name, file_mime, file_size, file_pages, note, is_minor, restored_from,
                                 preview_key, preview_width, preview_height)
       SELECT t.id, t.version_number + 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 FROM tool t WHERE t.id = $1
       RETURNING number`,
      [toolId, version.file.key, version.file.name, version.file.mime, version.file.size, version.file.pages, version.note,
        version.minor, version.restoredFrom, version.preview?.key ?? null, version.preview?.width ?? null, version.preview?.height ?? null],
    );
    await em.query(`UPDATE tool SET version_number = $2, version_note = $3 WHERE id = $1`, [toolId, row.number, version.note]);
    return row.number;
  }

  /** The note of a new tool's version 1, made by the database with the tool. */
  async setFirstNote(tx: Transaction, toolId: number, note: string): Promise<void> {
    const em = managerOf(tx);
    await em.query(`UPDATE tool_version SET note = $2 WHERE tool_id = $1 AND number = 1`, [toolId, note]);
    await em.query(`UPDATE tool SET version_note = $2 WHERE id = $1`, [toolId, note]);
  }

  /**
   * Makes the tool's file the one of its version `number` (already added as the current version by
   * `add`): its facts and its preview, dated now (docs/product/rules.md#R903).
   */
  async serveFileOf(tx: Transaction, toolId: number, number: number): Promise<void> {
    await managerOf(tx).query(
      `UPDATE tool t SET file_key = v.file_key, file_name = v.file_name, file_mime = v.file_mime, file_size = v.file_size,
              file_pages = v.file_pages, preview_key = v.preview_key, preview_width = v.preview_width,
              preview_height = v.preview_height, file_updated_at = now(), updated_at = now()
         FROM tool_version v WHERE t.id = $1 AND v.tool_id = t.id AND v.number = $2`,
      [toolId, number],
    );
  }

  /** Every version of a tool, newest first, with its counted downloads (docs/product/rules.md#R906). */
  async list(toolId: number, tx?: Transaction): Promise<VersionRow[]> {
    const em = tx ? managerOf(tx) : this.dataSource.manager;
    return em.query(
      `SELECT v.number, v.file_key, v.file_name, v.file_mime, v.file_size, v.file_pages, v.preview_key, v.preview_width,
              v.preview_height, v.note, v.is_minor, v.restored_from, v.created_at, v.number = t.version_number AS is_current,
              (SELECT count(*)::int FROM download_log l WHERE l.tool_id = v.tool_id AND l.version_number = v.number AND l.counted) AS downloads
         FROM tool_version v JOIN tool t ON t.id = v.tool_id
        WHERE v.tool_id = $1 ORDER BY v.number DESC`,
      [toolId],
    );
  }

  /** Storage keys of every version (files and previews), for the tool's deletion. */
  async keysOf(tx: Transaction, toolId: number): Promise<string[]> {
    const rows: Array<{ key: string }> = await managerOf(tx).query(
      `SELECT file_key AS key FROM tool_version WHERE tool_id = $1
       UNION SELECT preview_key FROM tool_version WHERE tool_id = $1 AND preview_key IS NOT NULL`,
      [toolId],
    );
    return rows.map((r) => r.key);
  }
}
