import { Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { afterCommit, AuthSessionEntity, managerOf, Transaction } from '@outils/server-db';
import { PgNotifications } from '../persistence/pg-notifications';
import { SessionCache } from './session-cache';
import { generateToken, hashToken } from './tokens';

/** The channel of migration 1767900000000's triggers (docs/product/rules.md#R839). */
export const SESSION_CHANNEL = 'session_changed';

export interface ActiveSession {
  sessionId: string;
  userId: string;
  email: string;
  isAdmin: boolean;
}

/**
 * Login sessions: opaque tokens, stored hashed, 30 days, renewed on use (docs/product/rules.md#R16).
 * A session checked is believed for 30 seconds without asking again, until the database says it
 * ended (docs/product/rules.md#R839); without the notification connection (a test's repository),
 * every check asks.
 */
@Injectable()
export class SessionsRepository implements OnModuleInit {
  static readonly LIFETIME_DAYS = 30;
  private readonly cache = new SessionCache();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Optional() private readonly notifications?: PgNotifications,
  ) {}

  onModuleInit(): void {
    this.notifications?.subscribe(SESSION_CHANNEL, {
      notification: (payload) => this.cache.changed(payload),
      connected: () => this.cache.trust(true),
      disconnected: () => this.cache.trust(false),
    });
  }

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

  /**
   * The active session of a token: from the instance's cache when it checked it less than 30
   * seconds ago (docs/product/rules.md#R839), else one indexed lookup, whose expiry is pushed
   * forward at most once a minute. `fresh` skips the cache (an address that differs from the
   * cached one may have just changed).
   */
  async findActive(token: string, options: { fresh?: boolean } = {}): Promise<ActiveSession | null> {
    const tokenHash = hashToken(token);
    const cached = options.fresh ? undefined : this.cache.get(tokenHash);
    if (cached) return cached;
    const mark = this.cache.mark();
    const rows: Array<{ session_id: string; user_id: string; email: string; is_admin: boolean; stale: boolean; expires_at: Date }> =
      await this.dataSource.query(
        `SELECT s.id AS session_id, u.id AS user_id, u.email, u.is_admin, s.expires_at,
                s.last_used_at < now() - interval '1 minute' AS stale
           FROM auth_session s JOIN app_user u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND s.expires_at > now() AND u.activated_at IS NOT NULL`,
        [tokenHash],
      );
    const row = rows[0];
    if (!row) return null;
    if (row.stale) {
      await this.dataSource.query(
        `UPDATE auth_session SET last_used_at = now(), expires_at = now() + interval '${SessionsRepository.LIFETIME_DAYS} days' WHERE id = $1`,
        [row.session_id],
      );
    }
    const session = { sessionId: row.session_id, userId: row.user_id, email: row.email, isAdmin: row.is_admin };
    this.cache.set(tokenHash, session, row.expires_at, mark);
    return session;
  }

  /**
   * The session the instance's cache believes for this token now, without asking PostgreSQL
   * (docs/product/rules.md#R843); undefined when it does not know it: the caller asks `findActive`.
   */
  believed(token: string): ActiveSession | undefined {
    return this.cache.get(hashToken(token));
  }

  /** Whether this instance would answer the token from its cache now (for tests and diagnostics). */
  believes(token: string): boolean {
    return this.cache.get(hashToken(token)) !== undefined;
  }

  async revoke(sessionId: string): Promise<void> {
    this.cache.forgetSession(sessionId);
    await this.dataSource.getRepository(AuthSessionEntity).delete({ id: sessionId });
  }

  /**
   * The member's address, role or activation changed: what this instance believed of their
   * sessions is forgotten now and again at commit (the database's notification tells the other
   * instances, docs/product/rules.md#R839).
   */
  userChanged(userId: string, tx?: Transaction): void {
    this.cache.forgetUser(userId);
    if (tx) afterCommit(tx, () => this.cache.forgetUser(userId));
  }

  /** Password change, reset and deletion revoke every session of the user. */
  async revokeAllForUser(userId: string, tx?: Transaction): Promise<void> {
    // Forgotten now and again at commit: a check in between may have read the rows still there.
    this.userChanged(userId, tx);
    const em = tx ? managerOf(tx) : this.dataSource.manager;
    await em.getRepository(AuthSessionEntity).delete({ userId });
  }

  async purgeExpired(): Promise<number> {
    const result = await this.dataSource.query(`DELETE FROM auth_session WHERE expires_at < now()`);
    return Array.isArray(result) ? (result[1] ?? 0) : 0;
  }
}
