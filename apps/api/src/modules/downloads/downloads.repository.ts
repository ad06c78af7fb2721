import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { managerOf, Transaction } from '@outils/server-db';

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
   * One download: the log row and the counter, in the caller's transaction (docs/product/rules.md#R102). A
   * signed link counts once (docs/product/rules.md#R103): a second fetch of the same link finds its row and
   * counts nothing. The e-mail is the user's current one, read here; a user deleted since the
   * link was made is simply not attached.
   */
  async record(tx: Transaction, toolId: number, userId: string | null, linkId: string): Promise<'counted' | 'repeat' | 'missing'> {
    const em = managerOf(tx);
    const logged: Array<{ id: string }> = await em.query(
      `INSERT INTO download_log (tool_id, user_id, email, link_id)
       SELECT t.id, u.id, u.email, $3 FROM tool t LEFT JOIN app_user u ON u.id = $2::uuid WHERE t.id = $1
       ON CONFLICT (link_id) WHERE link_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [toolId, userId, linkId],
    );
    if (logged.length === 0) {
      const [tool] = await em.query(`SELECT 1 FROM tool WHERE id = $1`, [toolId]);
      return tool ? 'repeat' : 'missing';
    }
    await em.query(`UPDATE tool SET download_count = download_count + 1 WHERE id = $1`, [toolId]);
    return 'counted';
  }
}
