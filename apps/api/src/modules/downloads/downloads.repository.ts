import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

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

  async findFile(toolId: number): Promise<ToolFileRow | null> {
    const rows: ToolFileRow[] = await this.dataSource.query(
      `SELECT id, slug, name, file_key, file_mime, file_size FROM tool WHERE id = $1`,
      [toolId],
    );
    return rows[0] ?? null;
  }

  /**
   * One download: the counter and the log row, in the caller's transaction (decisions §3). The
   * e-mail is the user's current one, read here; a user deleted since the link was made is
   * simply not attached. Returns false when the tool no longer exists.
   */
  async record(em: EntityManager, toolId: number, userId: string | null): Promise<boolean> {
    const updated: Array<{ id: number }> = await em.query(
      `UPDATE tool SET download_count = download_count + 1 WHERE id = $1 RETURNING id`,
      [toolId],
    );
    // em.query on UPDATE … RETURNING gives [rows, count].
    const rows = Array.isArray(updated[0]) ? (updated[0] as unknown as Array<{ id: number }>) : updated;
    if (rows.length === 0) return false;
    await em.query(
      `INSERT INTO download_log (tool_id, user_id, email)
       SELECT $1, u.id, u.email FROM (SELECT 1) AS one LEFT JOIN app_user u ON u.id = $2::uuid`,
      [toolId, userId],
    );
    return true;
  }
}
