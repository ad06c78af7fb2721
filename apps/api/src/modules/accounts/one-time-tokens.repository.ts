import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { managerOf, OneTimeTokenEntity, OneTimeTokenPurpose, Transaction } from '@outils/server-db';
import { generateToken, hashToken, safeEqualHex } from '../../common/auth/tokens';

/** Activation, reset, e-mail change and login links: random, stored hashed, single use, expiring (docs/product/rules.md#R764, #R765). */
@Injectable()
export class OneTimeTokensRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Creates a token and returns it in clear (only the mail carries it). `keep` says which unused
   * links of the same purpose stay valid beside it (docs/product/rules.md#R764, #R765): all of them
   * (activation: the first mail is the one most people open), those mailed within the last
   * `minutes` (reset: asking again never kills the link just mailed), or none (the default: an
   * e-mail change replaces the one pending).
   */
  async issue(
    tx: Transaction,
    userId: string,
    purpose: OneTimeTokenPurpose,
    lifetimeHours: number,
    options: { keep?: 'all' | { minutes: number }; newEmail?: string } = {},
  ): Promise<string> {
    const em = managerOf(tx);
    const repo = em.getRepository(OneTimeTokenEntity);
    const keep = options.keep;
    if (keep !== 'all') {
      const stale = repo
        .createQueryBuilder()
        .delete()
        .where('user_id = :userId AND purpose = :purpose AND used_at IS NULL', { userId, purpose });
      if (keep) stale.andWhere(`created_at <= now() - make_interval(mins => :minutes)`, { minutes: keep.minutes });
      await stale.execute();
    }
    const token = generateToken();
    await repo.insert({
      userId,
      purpose,
      tokenHash: hashToken(token),
      newEmail: options.newEmail ?? null,
      expiresAt: new Date(Date.now() + lifetimeHours * 3_600_000),
    });
    return token;
  }

  /**
   * Marks the matching, unexpired, unused token as used and returns true; false otherwise. The
   * link that serves retires its unused siblings of the same purpose (marked used: an activation
   * link opened later says the account is active). Rows are locked so that two simultaneous
   * clicks use the link once; hashes are compared in constant time. A null user (unknown
   * address) runs the same query and matches nothing.
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
    await em.getRepository(OneTimeTokenEntity).update({ userId: match.userId, purpose, usedAt: IsNull() }, { usedAt: new Date() });
    return true;
  }

  /**
   * An e-mail change's link (docs/product/rules.md#R760): the unexpired, unused link for
   * `newEmail` whose hash matches, used now; returns its account, or null.
   */
  async consumeEmailChange(tx: Transaction, newEmail: string, token: string): Promise<string | null> {
    const em = managerOf(tx);
    const candidates = await em
      .getRepository(OneTimeTokenEntity)
      .createQueryBuilder('t')
      .where(`t.new_email = :newEmail AND t.purpose = 'email-change' AND t.used_at IS NULL AND t.expires_at > now()`, { newEmail })
      .setLock('pessimistic_write')
      .getMany();
    const presented = hashToken(token);
    const match = candidates.find((candidate) => safeEqualHex(candidate.tokenHash, presented));
    if (!match) return null;
    await em.getRepository(OneTimeTokenEntity).update({ id: match.id }, { usedAt: new Date() });
    return match.userId;
  }

  /** The address an e-mail change of the account waits to prove, if any (the profile shows it). */
  async pendingEmailChange(userId: string): Promise<string | null> {
    const row = await this.dataSource
      .getRepository(OneTimeTokenEntity)
      .createQueryBuilder('t')
      .where(`t.user_id = :userId AND t.purpose = 'email-change' AND t.used_at IS NULL AND t.expires_at > now()`, { userId })
      .orderBy('t.created_at', 'DESC')
      .getOne();
    return row?.newEmail ?? null;
  }

  /** Removes the account's unused links of `purpose` (an e-mail change cancelled); returns how many. */
  async cancel(tx: Transaction, userId: string, purpose: OneTimeTokenPurpose): Promise<number> {
    const result = await managerOf(tx).getRepository(OneTimeTokenEntity).delete({ userId, purpose, usedAt: IsNull() });
    return result.affected ?? 0;
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
