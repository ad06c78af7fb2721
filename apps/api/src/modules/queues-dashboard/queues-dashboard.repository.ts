import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export type SessionRole = 'admin' | 'member' | null;

@Injectable()
export class QueuesDashboardRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The role behind a live session of this user; null when the session ended or expired. */
  async sessionRole(sessionId: string, userId: string): Promise<SessionRole> {
    const rows: Array<{ is_admin: boolean }> = await this.dataSource.query(
      `SELECT u.is_admin
         FROM auth_session s JOIN app_user u ON u.id = s.user_id
        WHERE s.id::text = $1 AND u.id::text = $2 AND s.expires_at > now() AND u.activated_at IS NOT NULL`,
      [sessionId, userId],
    );
    if (rows.length === 0) return null;
    return rows[0].is_admin ? 'admin' : 'member';
  }
}
