import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { changedRows } from '@outils/server-db';

export interface ToolFileRow {
  fileKey: string;
  fileMime: string;
  filePages: number | null;
  /** An image file's description (docs/product/rules.md#R942). */
  fileAlt: string | null;
  /** The declared accessible alternative (docs/product/rules.md#R943). */
  altFileKey: string | null;
  altFileMime: string | null;
}

export interface ToolFileFacts {
  /** Written only where the row has none yet. */
  pages: number | null;
  preview: { key: string; width: number; height: number } | null;
}

/** The tool row's file columns, as the `inspect-tool-file` job reads and fills them (docs/product/rules.md#R636). */
@Injectable()
export class ToolFilesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(toolId: number): Promise<ToolFileRow | null> {
    const [row] = await this.dataSource.query(`SELECT file_key, file_mime, file_pages, file_alt, alt_file_key, alt_file_mime FROM tool WHERE id = $1`, [toolId]);
    return row
      ? { fileKey: row.file_key, fileMime: row.file_mime, filePages: row.file_pages, fileAlt: row.file_alt, altFileKey: row.alt_file_key, altFileMime: row.alt_file_mime }
      : null;
  }

  /**
   * Records the facts if the tool still has the file `fileKey` (a file replaced meanwhile has its
   * own job); answers whether it did, and the preview key it replaced.
   */
  async record(toolId: number, fileKey: string, facts: ToolFileFacts): Promise<{ recorded: boolean; formerPreviewKey: string | null }> {
    const rows = await changedRows<{ former: string | null }>(this.dataSource,
      `UPDATE tool t SET file_pages = COALESCE(t.file_pages, $3),
              preview_key = COALESCE($4, t.preview_key), preview_width = COALESCE($5, t.preview_width), preview_height = COALESCE($6, t.preview_height)
         FROM (SELECT id, preview_key FROM tool WHERE id = $1 FOR UPDATE) old
        WHERE t.id = old.id AND t.file_key = $2
       RETURNING old.preview_key AS former`,
      [toolId, fileKey, facts.pages, facts.preview?.key ?? null, facts.preview?.width ?? null, facts.preview?.height ?? null],
    );
    return { recorded: rows.length > 0, formerPreviewKey: rows[0]?.former ?? null };
  }
}
