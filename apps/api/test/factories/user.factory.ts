import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { UserEntity } from '@outils/server-db';
import { ARGON2_OPTIONS } from '../../src/modules/accounts/password-hasher';
import { SessionsRepository } from '../../src/common/auth/sessions.repository';

export interface TestUser {
  user: UserEntity;
  email: string;
  password: string;
  /** A valid session token (only for activated users). */
  token: string;
  /** Credential headers as the web app sends them. */
  headers: { userEmail: string; userToken: string };
}

let counter = 0;

/** Inserts a user straight into the database (and opens a session when activated). */
export async function createTestUser(
  dataSource: DataSource,
  overrides: Partial<Pick<UserEntity, 'isAdmin' | 'firstName' | 'lastName' | 'newsletter' | 'job' | 'activityAreaId'>> & { activated?: boolean; email?: string; password?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = (overrides.email ?? `membre${counter}-${randomBytes(3).toString('hex')}@example.com`).toLowerCase();
  const password = overrides.password ?? 'Motdepasse-2026!';
  const repo = dataSource.getRepository(UserEntity);
  const user = await repo.save(
    repo.create({
      email,
      firstName: overrides.firstName ?? 'Camille',
      lastName: overrides.lastName ?? 'Martin',
      job: overrides.job ?? null,
      activityAreaId: overrides.activityAreaId ?? null,
      newsletter: overrides.newsletter ?? false,
      isAdmin: overrides.isAdmin ?? false,
      // The API's own argon2id settings: same hash format, and fast enough for many test users.
      passwordHash: await argon2.hash(password, ARGON2_OPTIONS),
      activatedAt: overrides.activated === false ? null : new Date(),
      termsAcceptedAt: new Date(),
    }),
  );
  const token = overrides.activated === false ? '' : await new SessionsRepository(dataSource).create(user.id);
  return { user, email, password, token, headers: { userEmail: email, userToken: token } };
}
