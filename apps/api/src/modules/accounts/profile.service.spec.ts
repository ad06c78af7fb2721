import { AccountMessages, CommonMessages } from '@outils/contracts';
import type { AppConfig } from '@outils/server-config';
import type { Transaction, UserEntity } from '@outils/server-db';
import { FakeAccountMails, FakeHasher, FakeRateLimits } from '../../../test/fakes/accounts.fakes';
import { FakeStore, FakeTransactionRunner, Shape } from '../../../test/fakes/persistence.fakes';
import type { AuthUser } from '../../common/auth/auth-user';
import type { SessionsRepository } from '../../common/auth/sessions.repository';
import { BadRequestError, DetailError, TooManyRequestsError, UnauthorizedError } from '../../common/errors/domain-error';
import type { ActivitiesRepository } from '../activities/activities.repository';
import { AccountRateLimits } from './account-rate-limits';
import type { DeleteUserDto } from './dto/delete-user.dto';
import type { UpdateUserDto } from './dto/update-user.dto';
import { EmailChangeService } from './email-change.service';
import { ProfileService } from './profile.service';
import { RegistrationService } from './registration.service';
import { EmailAlreadyUsed, UserPatch, UsersRepository } from './users.repository';

/** Fast tier: the member's own account (read, edit, delete) on in-memory accounts (no database). */

interface AccountsState {
  users: Map<string, UserEntity>;
  sessions: Array<{ id: string; userId: string }>;
  favourites: Array<{ userId: string; toolId: number }>;
  tokens: Array<{ userId: string; purpose: string; newEmail?: string }>;
  /** Download logs: the tool and date stay forever; user and address are personal data. */
  logs: Array<{ toolId: number; at: string; userId: string | null; email: string | null }>;
}

/**
 * Accounts and what hangs off them, with the unique address index. `deleteWithPersonalData`
 * follows docs/product/rules.md#R742 as the repository's SQL does (the integration tier checks
 * the SQL itself); here the point is what the service hands it and that it all rolls back.
 */
class FakeAccounts implements FakeStore, Pick<Shape<UsersRepository>, 'findById' | 'emailExists' | 'update' | 'deleteWithPersonalData'> {
  state: AccountsState = { users: new Map(), sessions: [], favourites: [], tokens: [], logs: [] };
  /** A concurrent sign-up that takes this address between the check and the write. */
  raceOn?: string;
  /** Fails the deletion half-way, after the logs were anonymised. */
  failDeletionWith?: Error;

  snapshot(): unknown {
    return structuredClone(this.state);
  }
  restore(snapshot: unknown): void {
    this.state = snapshot as AccountsState;
  }

  seedUser(id: string, email: string, password: string): UserEntity {
    const user = {
      id, email, firstName: 'Camille', lastName: 'Martin', job: 'Fleuriste', activityAreaId: 3, activityArea: { id: 3, name: 'Commerce' },
      newsletter: false, isAdmin: false, passwordHash: `hash(${password})`, activatedAt: new Date('2026-01-05'),
    } as UserEntity;
    this.state.users.set(id, user);
    this.state.sessions.push({ id: `${id}-phone`, userId: id }, { id: `${id}-laptop`, userId: id });
    return user;
  }
  sessionsOf(userId: string): string[] {
    return this.state.sessions.filter((s) => s.userId === userId).map((s) => s.id);
  }

  async findById(id: string): Promise<UserEntity | null> {
    const user = this.state.users.get(id);
    return user ? structuredClone(user) : null;
  }
  async emailExists(email: string): Promise<boolean> {
    return [...this.state.users.values()].some((u) => u.email === email.toLowerCase());
  }
  async update(_tx: Transaction, id: string, patch: UserPatch): Promise<void> {
    if (patch.email !== undefined && (patch.email === this.raceOn || (await this.emailExists(patch.email)))) throw new EmailAlreadyUsed();
    Object.assign(this.state.users.get(id)!, patch);
  }
  async revokeAllForUser(userId: string, tx?: Transaction): Promise<void> {
    // Outside a transaction nothing could undo it: the service must pass its own.
    if (!tx) throw new Error('sessions revoked outside the transaction');
    this.state.sessions = this.state.sessions.filter((s) => s.userId !== userId);
  }
  async deleteWithPersonalData(_tx: Transaction, user: Pick<UserEntity, 'id' | 'email'>): Promise<void> {
    for (const log of this.state.logs) {
      if (log.userId === user.id || log.email === user.email) Object.assign(log, { userId: null, email: null });
    }
    if (this.failDeletionWith) throw this.failDeletionWith;
    this.state.favourites = this.state.favourites.filter((f) => f.userId !== user.id);
    this.state.sessions = this.state.sessions.filter((s) => s.userId !== user.id);
    this.state.tokens = this.state.tokens.filter((t) => t.userId !== user.id);
    this.state.users.delete(user.id);
  }
}

const CAMILLE = '7d3f1a52-1f7c-4c53-9a55-0d3b9d2f9e10';
const OTHER = '0c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const PASSWORD = 'Mot-de-passe-2026!';
const auth: AuthUser = { id: CAMILLE, email: 'camille@exemple.fr', isAdmin: false, sessionId: `${CAMILLE}-laptop` };

function setup(passwordBudget = 10) {
  const accounts = new FakeAccounts();
  const mails = new FakeAccountMails();
  const hasher = new FakeHasher();
  const rateLimits = new FakeRateLimits(passwordBudget);
  const transactions = new FakeTransactionRunner([accounts, mails]);
  const sessions: Pick<Shape<SessionsRepository>, 'revokeAllForUser'> = { revokeAllForUser: (id, tx) => accounts.revokeAllForUser(id, tx) };
  const activities: Pick<Shape<ActivitiesRepository>, 'exists'> = { exists: async (id) => id === 3 || id === 5 };
  // The real activity-area rule: only its repository is a fake.
  const registration = new RegistrationService(null as never, {} as AppConfig, null as never, activities as never, null as never, null as never, null as never, null as never, null as never);
  // The newsletter's real state is its own service's (docs/product/rules.md#R456): here, what the switch asks of it.
  const newsletter = {
    status: 'none' as 'none' | 'pending' | 'subscribed' | 'unsubscribed',
    calls: [] as string[],
    async stateOf() { return { status: this.status }; },
    async requestInTransaction(_tx: unknown, email: string, source: string) { this.calls.push(`request ${email} ${source}`); },
    async unsubscribeInTransaction(_tx: unknown, email: string) { this.calls.push(`unsubscribe ${email}`); },
    async forgetDeletedAccount(_tx: unknown, email: string) { this.calls.push(`forget ${email}`); },
  };
  // E-mail change links kept with the accounts' state, so that a rollback takes them back too.
  const tokens = {
    async issue(_tx: unknown, userId: string, purpose: string, _hours: number, options: { newEmail?: string } = {}) {
      accounts.state.tokens = accounts.state.tokens.filter((t) => !(t.userId === userId && t.purpose === purpose));
      accounts.state.tokens.push({ userId, purpose, newEmail: options.newEmail });
      return `jeton-${accounts.state.tokens.length}`;
    },
    async pendingEmailChange(userId: string) {
      return accounts.state.tokens.find((t) => t.userId === userId && t.purpose === 'email-change')?.newEmail ?? null;
    },
  };
  const emailChange = new EmailChangeService(transactions as never, accounts as never, tokens as never, mails as never, rateLimits as never, { userChanged: () => undefined } as never);
  const service = new ProfileService(transactions as never, accounts as never, sessions as never, hasher as never, mails as never, registration, rateLimits as never, newsletter as never, emailChange);
  accounts.seedUser(CAMILLE, 'camille@exemple.fr', PASSWORD);
  accounts.seedUser(OTHER, 'dominique@exemple.fr', 'Autre-mot-2026!');
  return { service, accounts, mails, hasher, rateLimits, transactions, newsletter };
}

const update = (dto: Partial<UpdateUserDto>) => dto as UpdateUserDto;
const detail = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DetailError);
  return (error as DetailError).body();
};

describe('ProfileService (fake accounts)', () => {
  it('shows the member’s own data (docs/product/rules.md#R51)', async () => {
    const { service } = setup();
    await expect(service.show(auth)).resolves.toEqual({
      userData: { firstName: 'Camille', lastName: 'Martin', email: 'camille@exemple.fr', job: 'Fleuriste', newsletter: false, newsletterStatus: 'none', activity_area: { id: 3, name: 'Commerce' }, isAdmin: false, pendingEmail: null },
    });
  });

  it('turns the newsletter switch into a registration or an unsubscription of the real subscription (docs/product/rules.md#R456)', async () => {
    const { service, newsletter } = setup();
    await service.update(auth, update({ newsletter: true }));
    expect(newsletter.calls).toEqual(['request camille@exemple.fr profile']);
    newsletter.status = 'pending';
    await service.update(auth, update({ newsletter: true }));
    expect(newsletter.calls).toHaveLength(1);
    expect((await service.show(auth)).userData).toMatchObject({ newsletter: true, newsletterStatus: 'pending' });
    await service.update(auth, update({ newsletter: false }));
    expect(newsletter.calls).toEqual(['request camille@exemple.fr profile', 'unsubscribe camille@exemple.fr']);
    newsletter.status = 'unsubscribed';
    await service.update(auth, update({ newsletter: false, firstName: 'Camille' }));
    expect(newsletter.calls).toHaveLength(2);
  });

  it('answers 401 when the account was deleted since the session was checked', async () => {
    const { service, accounts } = setup();
    accounts.state.users.delete(CAMILLE);
    await expect(service.show(auth)).rejects.toEqual(new UnauthorizedError(CommonMessages.sessionInvalid));
  });

  describe('update', () => {
    it('changes only the fields it carries, without the current password, and keeps every session (docs/product/rules.md#R53)', async () => {
      const { service, accounts, mails, hasher } = setup();
      const answer = await service.update(auth, update({ firstName: 'Camila', job: null, activityArea: 5 }));

      expect(answer).toEqual({ message: AccountMessages.updateDone, userMail: 'camille@exemple.fr' });
      expect(accounts.state.users.get(CAMILLE)).toMatchObject({
        firstName: 'Camila', lastName: 'Martin', job: null, activityAreaId: 5, email: 'camille@exemple.fr', passwordHash: `hash(${PASSWORD})`,
      });
      expect(accounts.sessionsOf(CAMILLE)).toHaveLength(2);
      expect([mails.rows.size, hasher.verifications]).toEqual([0, 0]);
    });

    it.each([
      ['the e-mail', { mail: 'camille.martin@exemple.fr' }],
      ['the password', { password: 'Nouveau-mot-2026!', passwordConfirm: 'Nouveau-mot-2026!' }],
    ])('needs the current password to change %s: missing, a 400 { errors: { detail } } that changes nothing (docs/product/rules.md#R54)', async (_label, change) => {
      const { service, accounts, rateLimits } = setup();
      const before = structuredClone(accounts.state);
      expect(await detail(service.update(auth, update({ ...change, firstName: 'Camila' })))).toEqual({ errors: { detail: AccountMessages.oldPasswordRequired } });
      expect(accounts.state).toEqual(before);
      expect(rateLimits.countOf(AccountRateLimits.passwordCheck)).toBe(0);
    });

    it('refuses a wrong current password with a 400 (never a 401, which would sign the member out) and changes nothing (docs/product/rules.md#R54)', async () => {
      const { service, accounts, mails } = setup();
      const before = structuredClone(accounts.state);
      expect(await detail(service.update(auth, update({ mail: 'camille.martin@exemple.fr', oldPassword: 'Mauvais-2026!' }))))
        .toEqual({ errors: { detail: AccountMessages.oldPasswordWrong } });
      expect(accounts.state).toEqual(before);
      expect(mails.rows.size).toBe(0);
    });

    it('asks for the e-mail change only: the address in force stays until the new mailbox proves it, the link goes to the new one and the notice to the old (docs/product/rules.md#R760)', async () => {
      const { service, accounts, mails } = setup();
      const answer = await service.update(auth, update({ mail: 'camille.martin@exemple.fr', oldPassword: PASSWORD }));

      expect(answer).toEqual({ message: AccountMessages.emailChangeSent('camille.martin@exemple.fr'), userMail: 'camille@exemple.fr', pendingEmail: 'camille.martin@exemple.fr' });
      expect(accounts.state.users.get(CAMILLE)?.email).toBe('camille@exemple.fr');
      expect(accounts.sessionsOf(CAMILLE)).toHaveLength(2);
      expect([...mails.rows.values()]).toEqual([
        { job: 'email-change-confirm', to: 'camille.martin@exemple.fr', firstName: 'Camille', detail: 'jeton-1' },
        { job: 'email-change-requested', to: 'camille@exemple.fr', firstName: 'Camille', detail: 'camille.martin@exemple.fr' },
      ]);
      expect(mails.dispatched).toEqual([...mails.rows.keys()]);
      expect((await service.show(auth)).userData.pendingEmail).toBe('camille.martin@exemple.fr');
    });

    it('treats the current address sent again as no change: no password needed, no mail', async () => {
      const { service, mails } = setup();
      await expect(service.update(auth, update({ mail: 'camille@exemple.fr', lastName: 'Durand' }))).resolves.toEqual({
        message: AccountMessages.updateDone, userMail: 'camille@exemple.fr',
      });
      expect(mails.rows.size).toBe(0);
    });

    it('refuses an address another account has, changing nothing and sending nothing (docs/product/rules.md#R57)', async () => {
      const { service, accounts, mails } = setup();
      const before = structuredClone(accounts.state);
      expect(await detail(service.update(auth, update({ mail: 'dominique@exemple.fr', oldPassword: PASSWORD, firstName: 'Camila' }))))
        .toEqual({ errors: { detail: AccountMessages.emailTaken } });
      expect(accounts.state).toEqual(before);
      expect([mails.rows.size, mails.dispatched.length]).toEqual([0, 0]);
    });

    it('refuses an unknown activity area and changes nothing (docs/product/rules.md#R57)', async () => {
      const { service, accounts } = setup();
      expect(await detail(service.update(auth, update({ activityArea: 99, firstName: 'Camila' })))).toEqual({ errors: { detail: AccountMessages.activityUnknown } });
      expect(accounts.state.users.get(CAMILLE)?.firstName).toBe('Camille');
    });

    it('changes the password and ends every session of the member, the caller’s included, and only theirs (docs/product/rules.md#R55, R47)', async () => {
      const { service, accounts, mails } = setup();
      const answer = await service.update(auth, update({ password: 'Nouveau-mot-2026!', passwordConfirm: 'Nouveau-mot-2026!', oldPassword: PASSWORD }));

      expect(answer).toEqual({ message: AccountMessages.updateDonePasswordChanged, userMail: 'camille@exemple.fr' });
      expect(accounts.state.users.get(CAMILLE)?.passwordHash).toBe('hash(Nouveau-mot-2026!)');
      expect(accounts.sessionsOf(CAMILLE)).toEqual([]);
      // The owner is told by mail (docs/product/rules.md#R766).
      expect([...mails.rows.values()]).toEqual([{ job: 'password-changed', to: 'camille@exemple.fr', firstName: 'Camille', detail: 'profile' }]);
      expect(accounts.sessionsOf(OTHER)).toHaveLength(2);
    });

    it('keeps the password, the address and the sessions when the save fails half-way (one transaction)', async () => {
      const { service, accounts, mails, transactions } = setup();
      const before = structuredClone(accounts.state);
      mails.queueEmailChangeRequested = async () => {
        throw new Error('connection lost');
      };
      await expect(
        service.update(auth, update({ mail: 'camille.martin@exemple.fr', password: 'Nouveau-mot-2026!', passwordConfirm: 'Nouveau-mot-2026!', oldPassword: PASSWORD })),
      ).rejects.toThrow('connection lost');

      expect(accounts.state).toEqual(before);
      expect([mails.rows.size, mails.dispatched.length, transactions.rollbacks]).toEqual([0, 0, 1]);
    });

    it('stops checking the current password after 10 attempts on the account, even the right one (docs/product/rules.md#R767)', async () => {
      const { service, accounts, hasher } = setup();
      for (let i = 0; i < 10; i += 1) {
        await service.update(auth, update({ mail: 'camille.martin@exemple.fr', oldPassword: 'Mauvais-2026!' })).catch(() => undefined);
      }
      const verified = hasher.verifications;
      await expect(service.update(auth, update({ mail: 'camille.martin@exemple.fr', oldPassword: PASSWORD }))).rejects.toBeInstanceOf(TooManyRequestsError);
      await expect(service.delete(auth, { oldPassword: PASSWORD } as DeleteUserDto)).rejects.toBeInstanceOf(TooManyRequestsError);

      expect(hasher.verifications).toBe(verified);
      expect(accounts.state.users.get(CAMILLE)?.email).toBe('camille@exemple.fr');
    });
  });

  describe('delete', () => {
    function withHistory() {
      const ctx = setup();
      const { state } = ctx.accounts;
      state.favourites.push({ userId: CAMILLE, toolId: 7 }, { userId: OTHER, toolId: 7 });
      state.tokens.push({ userId: CAMILLE, purpose: 'password-reset' });
      state.logs.push(
        { toolId: 7, at: '2026-02-01', userId: CAMILLE, email: 'camille@exemple.fr' },
        { toolId: 8, at: '2026-02-02', userId: null, email: 'camille@exemple.fr' },
        { toolId: 7, at: '2026-02-03', userId: OTHER, email: 'dominique@exemple.fr' },
      );
      return ctx;
    }

    it('needs the right current password: a wrong one is a 400 (never a 401) and deletes nothing (docs/product/rules.md#R60)', async () => {
      const { service, accounts } = withHistory();
      const before = structuredClone(accounts.state);
      await expect(service.delete(auth, { oldPassword: 'Mauvais-2026!' } as DeleteUserDto)).rejects.toEqual(new BadRequestError(AccountMessages.oldPasswordWrong));
      expect(accounts.state).toEqual(before);
    });

    it('removes the account, its favourites, sessions and links, and keeps its download logs without user nor address (docs/product/rules.md#R742)', async () => {
      const { service, accounts, transactions, mails } = withHistory();
      await expect(service.delete(auth, { oldPassword: PASSWORD } as DeleteUserDto)).resolves.toEqual({ success: true, message: AccountMessages.deleteDone });

      const { state } = accounts;
      expect([...state.users.keys()]).toEqual([OTHER]);
      expect(state.favourites).toEqual([{ userId: OTHER, toolId: 7 }]);
      expect(state.tokens).toEqual([]);
      expect(accounts.sessionsOf(CAMILLE)).toEqual([]);
      // The counts stay: every log keeps its tool and date; the guest download made with the address is anonymised too.
      expect(state.logs).toEqual([
        { toolId: 7, at: '2026-02-01', userId: null, email: null },
        { toolId: 8, at: '2026-02-02', userId: null, email: null },
        { toolId: 7, at: '2026-02-03', userId: OTHER, email: 'dominique@exemple.fr' },
      ]);
      expect(transactions.commits).toBe(1);
      // The former owner is told (docs/product/rules.md#R766).
      expect([...mails.rows.values()]).toEqual([{ job: 'account-deleted', to: 'camille@exemple.fr', firstName: 'Camille', detail: '' }]);
    });

    it('keeps everything, logs included, when the deletion fails half-way (one transaction, docs/product/rules.md#R742)', async () => {
      const { service, accounts, transactions } = withHistory();
      const before = structuredClone(accounts.state);
      accounts.failDeletionWith = new Error('connection lost');
      await expect(service.delete(auth, { oldPassword: PASSWORD } as DeleteUserDto)).rejects.toThrow('connection lost');
      expect(accounts.state).toEqual(before);
      expect(transactions.rollbacks).toBe(1);
    });
  });
});
