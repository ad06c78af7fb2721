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
      `SELECT t.id, t.slug, t.name, t.file_key, t.file_mime, t.file_size FROM tool t
        WHERE t.id = $1 AND (${publishedTool('t')} OR EXISTS (SELECT 1 FROM app_user u WHERE u.id = $2::uuid AND u.is_admin))`,
      [toolId, userId],
    );
    return rows[0] ?? null;
  }

  /**
   * One fetch of a file: the log row and, when it counts, the counter, in the caller's transaction
   * (docs/product/rules.md#R102). A signed link counts once (docs/product/rules.md#R103): a second
   * fetch of the same link finds its counted row and is logged as `repeat`; a robot or a `HEAD`
   * (`exclusion`) is logged with its reason and counts nothing, nor uses the link up
   * (docs/product/rules.md#R670). The e-mail is the user's current one, read here; a user deleted
   * since the link was made is simply not attached.
   */
  async record(
    tx: Transaction, toolId: number, userId: string | null, linkId: string, exclusion: Exclude<DownloadExclusion, 'repeat'> | null = null,
  ): Promise<'counted' | 'excluded' | 'repeat' | 'missing'> {
    const em = managerOf(tx);
    const insert = (reason: DownloadExclusion | null, onConflict: string): Promise<Array<{ id: string }>> =>
      em.query(
        `INSERT INTO download_log (tool_id, user_id, email, link_id, counted, excluded_reason)
         SELECT t.id, u.id, u.email, $3, $4::varchar IS NULL, $4::varchar FROM tool t LEFT JOIN app_user u ON u.id = $2::uuid WHERE t.id = $1
         ${onConflict}
         RETURNING id`,
        [toolId, userId, linkId, reason],
      );
    if (exclusion) return (await insert(exclusion, '')).length > 0 ? 'excluded' : 'missing';
    const logged = await insert(null, 'ON CONFLICT (link_id) WHERE link_id IS NOT NULL AND counted DO NOTHING');
    if (logged.length === 0) return (await insert('repeat', '')).length > 0 ? 'repeat' : 'missing';
    await em.query(`UPDATE tool SET download_count = download_count + 1 WHERE id = $1`, [toolId]);
    return 'counted';
  }
}
