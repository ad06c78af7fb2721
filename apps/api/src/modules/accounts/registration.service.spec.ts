import { AccountMessages } from '@outils/contracts';
import type { AppConfig } from '@outils/server-config';
import { afterCommit, type OneTimeTokenPurpose, type Transaction, type UserEntity } from '@outils/server-db';
import { FakeTransactionRunner, MapStore, Shape } from '../../../test/fakes/persistence.fakes';
import { FieldValidationError } from '../../common/errors/domain-error';
import type { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import type { ActivitiesRepository } from '../activities/activities.repository';
import type { AccountMailsService } from './account-mails.service';
import type { OneTimeTokensRepository } from './one-time-tokens.repository';
import type { PasswordHasher } from './password-hasher';
import { RegistrationService } from './registration.service';
import { EmailAlreadyUsed, NewUser, UsersRepository } from './users.repository';

/** Fast tier: the sign-up and activation rules on in-memory repositories (no database). */

class FakeUsers extends MapStore<string, UserEntity> implements Pick<Shape<UsersRepository>, 'emailExists' | 'findByEmail' | 'insert' | 'activate'> {
  /** Simulates a concurrent sign-up that takes the address between the check and the insert. */
  raceOn?: string;

  async emailExists(email: string) {
    return this.rows.has(email.toLowerCase());
  }
  async findByEmail(email: string) {
    return this.rows.get(email.toLowerCase()) ?? null;
  }
  async insert(_tx: Transaction, data: NewUser) {
    const email = data.email.toLowerCase();
    if (this.rows.has(email) || this.raceOn === email) throw new EmailAlreadyUsed();
    const user = { ...data, email, id: `u${this.rows.size + 1}`, activatedAt: null } as UserEntity;
    this.rows.set(email, user);
    return user;
  }
  async activate(_tx: Transaction, id: string) {
    const user = [...this.rows.values()].find((u) => u.id === id);
    if (!user || user.activatedAt) return false;
    user.activatedAt = new Date();
    return true;
  }
}

interface FakeToken { userId: string; purpose: OneTimeTokenPurpose; used: boolean }
class FakeTokens extends MapStore<string, FakeToken> implements Pick<Shape<OneTimeTokensRepository>, 'issue' | 'consume' | 'wasUsed'> {
  async issue(_tx: Transaction, userId: string, purpose: OneTimeTokenPurpose) {
    const token = `t${this.rows.size + 1}`;
    this.rows.set(token, { userId, purpose, used: false });
    return token;
  }
  async consume(_tx: Transaction, userId: string | null, purpose: OneTimeTokenPurpose, token: string) {
    const row = this.rows.get(token);
    if (!row || row.used || row.userId !== userId || row.purpose !== purpose) return false;
    row.used = true;
    return true;
  }
  async wasUsed(userId: string, purpose: OneTimeTokenPurpose, token: string) {
    const row = this.rows.get(token);
    return Boolean(row?.used && row.userId === userId && row.purpose === purpose);
  }
}

/** Activation mails as outbox rows, handed to the queue after commit as the outbox does. */
class FakeMails extends MapStore<string, { to: string; token: string }> implements Pick<Shape<AccountMailsService>, 'queueActivation'> {
  dispatched: string[] = [];
  async queueActivation(tx: Transaction, to: { email: string }, token: string) {
    const id = `o${this.rows.size + 1}`;
    this.rows.set(id, { to: to.email, token });
    afterCommit(tx, () => this.dispatched.push(id));
    return id;
  }
}

const allow = { consume: async () => undefined, slowDown: async () => 0 } as unknown as RateLimitService;
const config = { auth: { activationHours: 48 } } as AppConfig;

function setup() {
  const users = new FakeUsers();
  const tokens = new FakeTokens();
  const mails = new FakeMails();
  const transactions = new FakeTransactionRunner([users, tokens, mails]);
  const activities = { exists: async (id: number) => id === 3 } as Shape<ActivitiesRepository>;
  const hasher = { hash: async (password: string) => `hash(${password})` } as Shape<PasswordHasher>;
  const service = new RegistrationService(
    transactions as never, config, users as never, activities as never, tokens as never, hasher as never, mails as never, allow,
    { requestInTransaction: async () => [] } as never,
  );
  return { service, users, tokens, mails, transactions };
}

const signUp = { mail: 'Camille.Martin@Exemple.fr', firstName: 'Camille', lastName: 'Martin', password: 'Mot-de-passe-2026!', passwordConfirm: 'Mot-de-passe-2026!' };

describe('RegistrationService (fake repositories)', () => {
  it('creates an inactive account, its activation token and one activation mail in one transaction, sent after commit', async () => {
    const { service, users, tokens, mails, transactions } = setup();
    const answer = await service.signUp({ ...signUp, activityArea: 3 } as never, '203.0.113.1');

    expect(answer).toEqual({ url: `/login/signup/confirmed?email=${encodeURIComponent(signUp.mail)}` });
    const user = users.rows.get('camille.martin@exemple.fr');
    expect(user).toMatchObject({ activatedAt: null, passwordHash: 'hash(Mot-de-passe-2026!)', activityAreaId: 3 });
    expect([...tokens.rows.values()]).toEqual([{ userId: user!.id, purpose: 'activation', used: false }]);
    expect([...mails.rows.values()]).toEqual([{ to: 'camille.martin@exemple.fr', token: [...tokens.rows.keys()][0] }]);
    expect(mails.dispatched).toEqual([...mails.rows.keys()]);
    expect(transactions.commits).toBe(1);
  });

  it('refuses an address already used, on the mail field, and writes nothing', async () => {
    const { service, users, mails, transactions } = setup();
    await service.signUp(signUp as never, '203.0.113.1');
    const error = await service.signUp({ ...signUp, mail: 'camille.martin@exemple.fr' } as never, '203.0.113.1').catch((e) => e);

    expect(error).toBeInstanceOf(FieldValidationError);
    expect((error as FieldValidationError).errors).toEqual({ mail: [AccountMessages.emailTaken] });
    expect(users.rows.size).toBe(1);
    expect(mails.rows.size).toBe(1);
    expect(transactions.commits).toBe(1);
  });

  it('gives the same answer when a concurrent sign-up takes the address first, and keeps no token nor mail', async () => {
    const { service, users, tokens, mails, transactions } = setup();
    users.raceOn = 'camille.martin@exemple.fr';
    const error = await service.signUp(signUp as never, '203.0.113.1').catch((e) => e);

    expect((error as FieldValidationError).errors).toEqual({ mail: [AccountMessages.emailTaken] });
    expect([users.rows.size, tokens.rows.size, mails.rows.size, mails.dispatched.length]).toEqual([0, 0, 0, 0]);
    expect(transactions.rollbacks).toBe(1);
  });

  it('refuses an unknown activity area before creating anything', async () => {
    const { service, users } = setup();
    const error = await service.signUp({ ...signUp, activityArea: 99 } as never, '203.0.113.1').catch((e) => e);
    expect((error as FieldValidationError).errors).toEqual({ activityArea: [AccountMessages.activityUnknown] });
    expect(users.rows.size).toBe(0);
  });

  it('activates with the link once; the same link again says the account is already active', async () => {
    const { service, users, tokens } = setup();
    await service.signUp(signUp as never, '203.0.113.1');
    const [token] = tokens.rows.keys();

    await expect(service.confirm('camille.martin@exemple.fr', token)).resolves.toEqual({ message: AccountMessages.activationDone });
    expect(users.rows.get('camille.martin@exemple.fr')!.activatedAt).toBeInstanceOf(Date);
    await expect(service.confirm('camille.martin@exemple.fr', token)).resolves.toEqual({
      message: AccountMessages.activationAlreadyDone, alreadyActive: true,
    });
    await expect(service.confirm('camille.martin@exemple.fr', 'autre')).rejects.toMatchObject({ message: AccountMessages.activationInvalid });
  });
});
