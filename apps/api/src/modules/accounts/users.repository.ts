import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError } from 'typeorm';
import { AuthSessionEntity, FavoriteEntity, managerOf, OneTimeTokenEntity, Transaction, UserEntity } from '@outils/server-db';

/** Thrown when the unique e-mail index refuses a write (two sign-ups racing). */
export class EmailAlreadyUsed extends Error {}

export type NewUser = Pick<UserEntity, 'email' | 'firstName' | 'lastName' | 'job' | 'activityAreaId' | 'newsletter' | 'passwordHash'>;
export type UserPatch = Partial<Pick<UserEntity, 'email' | 'firstName' | 'lastName' | 'job' | 'activityAreaId' | 'newsletter' | 'passwordHash'>>;

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error as QueryFailedError & { code?: string }).code === '23505';

/** Persistence of accounts. E-mails are stored lower-cased: the unique index is case-insensitive. */
@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findByEmail(email: string, tx?: Transaction): Promise<UserEntity | null> {
    const em = tx ? managerOf(tx) : this.dataSource.manager;
    return em.getRepository(UserEntity).findOneBy({ email: email.toLowerCase() });
  }

  /** With the activity area, for `userData`. */
  findById(id: string, tx?: Transaction): Promise<UserEntity | null> {
    const em = tx ? managerOf(tx) : this.dataSource.manager;
    return em.getRepository(UserEntity).findOne({ where: { id }, relations: { activityArea: true } });
  }

  async emailExists(email: string): Promise<boolean> {
    return this.dataSource.getRepository(UserEntity).existsBy({ email: email.toLowerCase() });
  }

  async insert(tx: Transaction, data: NewUser): Promise<UserEntity> {
    const em = managerOf(tx);
    const repo = em.getRepository(UserEntity);
    try {
      // docs/product/rules.md#R25: the sign-up time is recorded as the time of consent to the terms.
      return await repo.save(repo.create({ ...data, email: data.email.toLowerCase(), isAdmin: false, activatedAt: null, termsAcceptedAt: new Date() }));
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailAlreadyUsed();
      throw error;
    }
  }

  async update(tx: Transaction, id: string, patch: UserPatch): Promise<void> {
    const em = managerOf(tx);
    if (Object.keys(patch).length === 0) return;
    try {
      await em.getRepository(UserEntity).update({ id }, patch);
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailAlreadyUsed();
      throw error;
    }
  }

  /** Sets `activated_at` once; returns false when the account was already active. */
  async activate(tx: Transaction, id: string): Promise<boolean> {
    const em = managerOf(tx);
    const result = await em
      .createQueryBuilder()
      .update(UserEntity)
      .set({ activatedAt: () => 'now()' })
      .where('id = :id AND activated_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * Removes the account and its personal data (issue 3): favourites, sessions, one-time tokens,
   * the sent mails' outbox rows that name the address. Download logs stay for the statistics but
   * lose every link to the person: user id and e-mail cleared, also on logs made as a guest with
   * the same address.
   */
  async deleteWithPersonalData(tx: Transaction, user: Pick<UserEntity, 'id' | 'email'>): Promise<void> {
    const em = managerOf(tx);
    await em.query(`UPDATE download_log SET user_id = NULL, email = NULL WHERE user_id = $1 OR email = $2`, [user.id, user.email]);
    await em.getRepository(FavoriteEntity).delete({ userId: user.id });
    await em.getRepository(AuthSessionEntity).delete({ userId: user.id });
    await em.getRepository(OneTimeTokenEntity).delete({ userId: user.id });
    // Pending rows stay: the relay still delivers them (they hold no link to a live account).
    await em.query(`DELETE FROM outbox_message WHERE sent_at IS NOT NULL AND payload->>'to' = $1`, [user.email]);
    await em.getRepository(UserEntity).delete({ id: user.id });
  }
}
