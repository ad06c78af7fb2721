import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthSessionEntity, managerOf, Transaction } from '@outils/server-db';
import { generateToken, hashToken } from './tokens';

export interface ActiveSession {
  sessionId: string;
  userId: string;
  email: string;
  isAdmin: boolean;
}

/** Login sessions: opaque tokens, stored hashed, 30 days, renewed on use (docs/product/rules.md#R16). */
@Injectable()
export class SessionsRepository {
  static readonly LIFETIME_DAYS = 30;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(userId: string, tx?: Transaction): Promise<string> {
    const em = tx ? managerOf(tx) : this.dataSource.manager;
    const token = generateToken();
    const now = new Date();
    await em.getRepository(AuthSessionEntity).insert({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + SessionsRepository.LIFETIME_DAYS * 86_400_000),
      lastUsedAt: now,
    });
    return token;
  }

  /** One indexed lookup; the expiry is pushed forward at most once a minute. */
  async findActive(token: string): Promise<ActiveSession | null> {
    const rows: Array<{ session_id: string; user_id: string; email: string; is_admin: boolean; stale: boolean }> =
      await this.dataSource.query(
        `SELECT s.id AS session_id, u.id AS user_id, u.email, u.is_admin,
                s.last_used_at < now() - interval '1 minute' AS stale
           FROM auth_session s JOIN app_user u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND s.expires_at > now() AND u.activated_at IS NOT NULL`,
        [hashToken(token)],
      );
    const row = rows[0];
    if (!row) return null;
    if (row.stale) {
      await this.dataSource.query(
        `UPDATE auth_session SET last_used_at = now(), expires_at = now() + interval '${SessionsRepository.LIFETIME_DAYS} days' WHERE id = $1`,
        [row.session_id],
      );
    }
    return { sessionId: row.session_id, userId: row.user_id, email: row.email, isAdmin: row.is_admin };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.dataSource.getRepository(AuthSessionEntity).delete({ id: sessionId });
  }

  /** Password change, reset and deletion revoke every session of the user. */
  async revokeAllForUser(userId: string, tx?: Transaction): Promise<void> {
    const em = tx ? managerOf(tx) : this.dataSource.manager;
    await em.getRepository(AuthSessionEntity).delete({ userId });
  }

  async purgeExpired(): Promise<number> {
    const result = await this.dataSource.query(`DELETE FROM auth_session WHERE expires_at < now()`);
    return Array.isArray(result) ? (result[1] ?? 0) : 0;
  }
}
