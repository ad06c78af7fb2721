import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { managerOf, OneTimeTokenEntity, OneTimeTokenPurpose, Transaction } from '@outils/server-db';
import { generateToken, hashToken, safeEqualHex } from '../../common/auth/tokens';

/** Activation and reset links (docs/product/rules.md#R28, docs/product/rules.md#R45): random, stored hashed, single use, expiring. */
@Injectable()
export class OneTimeTokensRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Creates a token and returns it in clear (only the mail carries it). A new link replaces the
   * unused ones of the same purpose, so only the latest mail works.
   */
  async issue(tx: Transaction, userId: string, purpose: OneTimeTokenPurpose, lifetimeHours: number): Promise<string> {
    const em = managerOf(tx);
    const repo = em.getRepository(OneTimeTokenEntity);
    await repo
      .createQueryBuilder()
      .delete()
      .where('user_id = :userId AND purpose = :purpose AND used_at IS NULL', { userId, purpose })
      .execute();
    const token = generateToken();
    await repo.insert({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + lifetimeHours * 3_600_000),
    });
    return token;
  }

  /**
   * Marks the matching, unexpired, unused token as used and returns true; false otherwise.
   * Rows are locked so that two simultaneous clicks use the link once; hashes are compared in
   * constant time. A null user (unknown address) runs the same query and matches nothing.
   */
  async consume(tx: Transaction, userId: string | null, purpose: OneTimeTokenPurpose, token: string): Promise<boolean> {
    const em = managerOf(tx);
    const candidates = await em
      .getRepository(OneTimeTokenEntity)
      .createQueryBuilder('t')
      .where('t.user_id = :userId AND t.purpose = :purpose AND t.used_at IS NULL AND t.expires_at > now()', { userId, purpose })
      .setLock('pessimistic_write')
      .getMany();
    const presented = hashToken(token);
    const match = candidates.find((candidate) => safeEqualHex(candidate.tokenHash, presented));
    if (!match) return false;
    await em.getRepository(OneTimeTokenEntity).update({ id: match.id }, { usedAt: new Date() });
    return true;
  }

  /**
   * Whether `token` is an unexpired, unused token of the user (nothing is changed). `null` (an
   * unknown address) runs the same query, so the answer takes as long as for a known one.
   */
  async isUsable(userId: string | null, purpose: OneTimeTokenPurpose, token: string): Promise<boolean> {
    return this.matchesOne('t.used_at IS NULL AND t.expires_at > now()', userId, purpose, token);
  }

  /** Whether `token` is a token of the user that has already served (kept until the nightly purge). */
  async wasUsed(userId: string, purpose: OneTimeTokenPurpose, token: string): Promise<boolean> {
    return this.matchesOne('t.used_at IS NOT NULL', userId, purpose, token);
  }

  /** Compares `token` with the user's tokens in `state`, by hash and in constant time. */
  private async matchesOne(state: string, userId: string | null, purpose: OneTimeTokenPurpose, token: string): Promise<boolean> {
    const candidates = await this.dataSource
      .getRepository(OneTimeTokenEntity)
      .createQueryBuilder('t')
      .where(`t.user_id = :userId AND t.purpose = :purpose AND ${state}`, { userId, purpose })
      .getMany();
    const presented = hashToken(token);
    return candidates.some((candidate) => safeEqualHex(candidate.tokenHash, presented));
  }

  async deleteAllForUser(tx: Transaction, userId: string): Promise<void> {
    const em = managerOf(tx);
    await em.getRepository(OneTimeTokenEntity).delete({ userId });
  }
}
