import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { changedCount, publishedTool } from '@outils/server-db';

/** A member's update alerts switch (docs/product/rules.md#R910) and the new versions of what they downloaded (#R917). */
@Injectable()
export class UpdateAlertsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async enabled(userId: string): Promise<boolean | null> {
    const [row] = await this.dataSource.query(`SELECT update_alerts FROM app_user WHERE id = $1`, [userId]);
    return row ? row.update_alerts : null;
  }

  /**
   * The public tools the member downloaded whose current version is newer than every version they
   * downloaded (a download from before versions counts as version 1), most recently downloaded first.
   */
  async newVersions(userId: string, limit: number): Promise<Array<{ id: number; slug: string; name: string; version: number; downloaded: number; note: string | null }>> {
    return this.dataSource.query(
      `SELECT t.id, t.slug, t.name, t.version_number AS version, t.version_note AS note, max(COALESCE(l.version_number, 1))::int AS downloaded
         FROM download_log l JOIN tool t ON t.id = l.tool_id AND ${publishedTool('t')}
        WHERE l.user_id = $1 AND l.counted
        GROUP BY t.id HAVING max(COALESCE(l.version_number, 1)) < t.version_number
        ORDER BY max(l.created_at) DESC LIMIT $2`,
      [userId, limit],
    );
  }

  /** Sets the switch; false when the member is gone. */
  async set(userId: string, enabled: boolean): Promise<boolean> {
    return (await changedCount(this.dataSource, `UPDATE app_user SET update_alerts = $2 WHERE id = $1`, [userId, enabled])) > 0;
  }
}
