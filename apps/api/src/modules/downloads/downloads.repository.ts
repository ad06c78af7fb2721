import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { managerOf, publishedTool, Transaction } from '@outils/server-db';
import type { DownloadExclusion } from '../../common/http/download-exclusion';

export interface ToolFileRow {
  id: number;
  slug: string;
  name: string;
  file_key: string;
  file_mime: string;
  file_size: number;
  /** The version these file facts are (docs/product/rules.md#R900). */
  version_number: number;
}

@Injectable()
export class DownloadsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The tool's file when the tool is public, or when `userId` is an admin's (the preview of a
   * draft, docs/product/rules.md#R656); otherwise nothing, as for a missing tool
   * (docs/product/rules.md#R651).
   */
  async findFile(toolId: number, userId: string | null): Promise<ToolFileRow | null> {
    const rows: ToolFileRow[] = await this.dataSource.query(
      `SELECT t.id, t.slug, t.name, t.file_key, t.file_mime, t.file_size, t.version_number FROM tool t
        WHERE t.id = $1 AND (${publishedTool('t')} OR EXISTS (SELECT 1 FROM app_user u WHERE u.id = $2::uuid AND u.is_admin))`,
      [toolId, userId],
    );
    return rows[0] ?? null;
  }

  /**
   * docs/product/rules.md#R946: the tool's declared accessible alternative, under the same visibility
   * as `findFile`, as the file row a download serves; null when the tool has none. It is not
   * versioned (docs/product/rules.md#R943): a link serves the current one, counted on the current version.
   */
  async findAlternativeFile(toolId: number, userId: string | null): Promise<ToolFileRow | null> {
    const rows: ToolFileRow[] = await this.dataSource.query(
      `SELECT t.id, t.slug, t.name, t.alt_file_key AS file_key, t.alt_file_mime AS file_mime, t.alt_file_size AS file_size, t.version_number FROM tool t
        WHERE t.id = $1 AND t.alt_file_key IS NOT NULL
          AND (${publishedTool('t')} OR EXISTS (SELECT 1 FROM app_user u WHERE u.id = $2::uuid AND u.is_admin))`,
      [toolId, userId],
    );
    return rows[0] ?? null;
  }

  /**
   * The file of one version of the tool, under the same visibility as `findFile`: what a link issued
   * for that version serves until it expires (docs/product/rules.md#R904); null when there is none.
   * The current version is the tool row's file, as for `findFile`.
   */
  async findVersionFile(toolId: number, version: number, userId: string | null): Promise<ToolFileRow | null> {
    const rows: ToolFileRow[] = await this.dataSource.query(
      `SELECT t.id, t.slug, t.name, $3::int AS version_number,
              CASE WHEN current THEN t.file_key ELSE v.file_key END AS file_key,
              CASE WHEN current THEN t.file_mime ELSE v.file_mime END AS file_mime,
              CASE WHEN current THEN t.file_size ELSE v.file_size END AS file_size
         FROM tool t LEFT JOIN tool_version v ON v.tool_id = t.id AND v.number = $3, LATERAL (SELECT t.version_number = $3 AS current) c
        WHERE t.id = $1 AND (current OR v.id IS NOT NULL)
          AND (${publishedTool('t')} OR EXISTS (SELECT 1 FROM app_user u WHERE u.id = $2::uuid AND u.is_admin))`,
      [toolId, userId, version],
    );
    return rows[0] ?? null;
  }

  /**
   * One fetch of a file: the log row and, when it counts, the counter, in the caller's transaction
   * (docs/product/rules.md#R102). A signed link counts once (docs/product/rules.md#R103): a second
   * fetch of the same link finds its counted row and is logged as `repeat`; a robot or a `HEAD`
   * (`exclusion`) is logged with its reason and counts nothing, nor uses the link up
   * (docs/product/rules.md#R670). Each row names the version served (docs/product/rules.md#R906). The e-mail is the user's current one, read here; a user deleted
   * since the link was made is simply not attached.
   */
  async record(
    tx: Transaction, toolId: number, userId: string | null, linkId: string, exclusion: Exclude<DownloadExclusion, 'repeat'> | null = null,
    version: number | null = null,
  ): Promise<'counted' | 'excluded' | 'repeat' | 'missing'> {
    const em = managerOf(tx);
    const insert = (reason: DownloadExclusion | null, onConflict: string): Promise<Array<{ id: string }>> =>
      em.query(
        `INSERT INTO download_log (tool_id, user_id, email, link_id, counted, excluded_reason, version_number)
         SELECT t.id, u.id, u.email, $3, $4::varchar IS NULL, $4::varchar, COALESCE($5::int, t.version_number)
           FROM tool t LEFT JOIN app_user u ON u.id = $2::uuid WHERE t.id = $1
         ${onConflict}
         RETURNING id`,
        [toolId, userId, linkId, reason, version],
      );
    if (exclusion) return (await insert(exclusion, '')).length > 0 ? 'excluded' : 'missing';
    const logged = await insert(null, 'ON CONFLICT (link_id) WHERE link_id IS NOT NULL AND counted DO NOTHING');
    if (logged.length === 0) return (await insert('repeat', '')).length > 0 ? 'repeat' : 'missing';
    await em.query(`UPDATE tool SET download_count = download_count + 1 WHERE id = $1`, [toolId]);
    return 'counted';
  }
}
