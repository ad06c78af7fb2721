import request from 'supertest';
import { AuthSessionEntity, OneTimeTokenEntity, UserEntity } from '@outils/server-db';
import { accountsSnapshot, createAccountsTestApp, resetLink, uniqueEmail } from '../factories/accounts.factory';
import { createTestUser } from '../factories/user.factory';
import type { TestApp } from '../setup/test-app';

const FORGOT_SENT = 'Si un compte existe pour cette adresse, un e-mail de récupération vient d’être envoyé.';
const RESET_INVALID = 'Ce lien de réinitialisation n’est plus valide : il a déjà servi ou il a expiré. Demandez-en un nouveau.';
const NEW_PASSWORD = 'Renouveau-2026!';

/** Forgotten password and reset (docs/product/rules.md#R44, docs/product/rules.md#R764, docs/product/rules.md#R46). */
describe('accounts: forgotten password and reset (issue 3)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createAccountsTestApp('password');
  });
  afterAll(async () => {
    await t.close();
  });

  const resetBody = (link: { email: string; token: string }, overrides: Record<string, unknown> = {}) => ({
    email: link.email, token: link.token, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD, ...overrides,
  });

  describe('POST /api/password/send_forgot_email', () => {
    it('writes a reset mail with a 1-hour link for a known address', async () => {
      const member = await createTestUser(t.dataSource, { firstName: 'Noémie' });
      const res = await request(t.http).post('/api/password/send_forgot_email').type('form').send({ email: member.email.toUpperCase() }).expect(200);
      expect(res.body).toEqual({ message: FORGOT_SENT });

      const link = await resetLink(t.dataSource, member.email);
      expect(`${link.origin}${link.path}`).toBe('http://localhost:4299/login/password/reset');
      expect(link.email).toBe(member.email);
      const stored = await t.dataSource.getRepository(OneTimeTokenEntity).findOneByOrFail({ userId: member.user.id, purpose: 'reset' });
      const minutes = (stored.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);
    });

    it('answers the same for an unknown address and writes nothing', async () => {
      const before = await accountsSnapshot(t.dataSource);
      const res = await request(t.http).post('/api/password/send_forgot_email').send({ email: uniqueEmail('inconnu') }).expect(200);
      expect(res.body).toEqual({ message: FORGOT_SENT });
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });

    it('answers 400 { message } on a malformed address', async () => {
      for (const body of [{}, { email: '' }, { email: 'arobase@' }, { email: { $ne: null } }]) {
        const res = await request(t.http).post('/api/password/send_forgot_email').send(body).expect(400);
        expect(res.body.message).toMatch(/adresse e-mail/);
      }
    });
  });

  describe('POST /api/password/reset/check (the reset page, when it opens)', () => {
    it('accepts a fresh link and refuses a used one (and its siblings) or a malformed one, changing nothing', async () => {
      const member = await createTestUser(t.dataSource);
      await request(t.http).post('/api/password/send_forgot_email').send({ email: member.email }).expect(200);
      const first = await resetLink(t.dataSource, member.email);
      const before = await accountsSnapshot(t.dataSource);
      const ok = await request(t.http).post('/api/password/reset/check').send({ email: first.email, token: first.token }).expect(200);
      expect(ok.body).toEqual({ message: 'Ce lien de réinitialisation est valide.' });
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
      // Checking does not spend the link.
      await request(t.http).post('/api/password/reset/check').send({ email: first.email, token: first.token }).expect(200);

      await request(t.http).post('/api/password/send_forgot_email').send({ email: member.email }).expect(200);
      const second = await resetLink(t.dataSource, member.email);
      // Asked again within 15 minutes: the first link stays valid (docs/product/rules.md#R764) until one serves.
      await request(t.http).post('/api/password/reset/check').send({ email: first.email, token: first.token }).expect(200);
      await request(t.http).post('/api/password/reset').send(resetBody(second)).expect(200);
      expect((await request(t.http).post('/api/password/reset/check').send({ email: first.email, token: first.token }).expect(400)).body)
        .toEqual({ message: RESET_INVALID });
      expect((await request(t.http).post('/api/password/reset/check').send({ email: second.email, token: second.token }).expect(400)).body)
        .toEqual({ message: RESET_INVALID });
      for (const body of [{}, { email: member.email }, { email: uniqueEmail('inconnu'), token: second.token }, { email: member.email, token: 'x'.repeat(300) }]) {
        expect((await request(t.http).post('/api/password/reset/check').send(body).expect(400)).body.message).toBeTruthy();
      }
    });
  });

  describe('POST /api/password/reset', () => {
    it('sets the new password from the link, once, and revokes every session', async () => {
      const member = await createTestUser(t.dataSource);
      await request(t.http).post('/api/password/send_forgot_email').send({ email: member.email }).expect(200);
      const link = await resetLink(t.dataSource, member.email);

      const res = await request(t.http).post('/api/password/reset').type('form').send(resetBody(link)).expect(200);
      expect(res.body).toEqual({ message: 'Votre mot de passe a bien été modifié. Vous pouvez maintenant vous connecter.' });
      expect(await t.dataSource.getRepository(AuthSessionEntity).countBy({ userId: member.user.id })).toBe(0);
      await request(t.http).get('/api/user/show').set(member.headers).expect(401);
      await request(t.http).post('/api/login').send({ username: member.email, password: member.password }).expect(401);
      await request(t.http).post('/api/login').send({ username: member.email, password: NEW_PASSWORD }).expect(200);

      const again = await request(t.http).post('/api/password/reset').send(resetBody(link, { password: 'Encore-2026!', passwordConfirm: 'Encore-2026!' })).expect(400);
      expect(again.body).toEqual({ message: RESET_INVALID });
    });

    it('a link older than 15 minutes is replaced by a new request, and none works after its hour (docs/product/rules.md#R764)', async () => {
      const member = await createTestUser(t.dataSource);
      await request(t.http).post('/api/password/send_forgot_email').send({ email: member.email }).expect(200);
      const first = await resetLink(t.dataSource, member.email);
      await t.dataSource.query(`UPDATE one_time_token SET created_at = now() - interval '16 minutes' WHERE user_id = $1`, [member.user.id]);
      await request(t.http).post('/api/password/send_forgot_email').send({ email: member.email }).expect(200);
      const second = await resetLink(t.dataSource, member.email);
      expect(second.token).not.toBe(first.token);

      const before = await accountsSnapshot(t.dataSource);
      expect((await request(t.http).post('/api/password/reset').send(resetBody(first)).expect(400)).body).toEqual({ message: RESET_INVALID });
      await t.dataSource.query(`UPDATE one_time_token SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [member.user.id]);
      const before2 = await accountsSnapshot(t.dataSource);
      expect((await request(t.http).post('/api/password/reset').send(resetBody(second)).expect(400)).body).toEqual({ message: RESET_INVALID });
      expect(await accountsSnapshot(t.dataSource)).toEqual(before2);
      expect(before.users_digest).toBe(before2.users_digest);
    });

    it('refuses an activation token, another member’s token or an unknown address', async () => {
      const a = await createTestUser(t.dataSource);
      const b = await createTestUser(t.dataSource);
      await request(t.http).post('/api/password/send_forgot_email').send({ email: a.email }).expect(200);
      await request(t.http).post('/api/password/send_forgot_email').send({ email: b.email }).expect(200);
      const linkA = await resetLink(t.dataSource, a.email);
      const linkB = await resetLink(t.dataSource, b.email);
      const before = await accountsSnapshot(t.dataSource);
      for (const body of [
        resetBody({ email: a.email, token: linkB.token }),
        resetBody({ email: uniqueEmail('inconnu'), token: linkA.token }),
        resetBody({ email: a.email, token: linkA.token.toUpperCase() }),
      ]) {
        expect((await request(t.http).post('/api/password/reset').send(body).expect(400)).body).toEqual({ message: RESET_INVALID });
      }
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });

    it('answers { message } with the field detail for a weak password, a mismatch or a missing token, and uses nothing', async () => {
      const member = await createTestUser(t.dataSource);
      await request(t.http).post('/api/password/send_forgot_email').send({ email: member.email }).expect(200);
      const link = await resetLink(t.dataSource, member.email);
      const before = await accountsSnapshot(t.dataSource);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ password: 'faible', passwordConfirm: 'faible' }, 'Le mot de passe doit contenir de 8 à 32 caractères, dont au moins 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.'],
        [{ passwordConfirm: 'Autre-2026!' }, 'La confirmation ne correspond pas au mot de passe.'],
        [{ token: undefined }, RESET_INVALID],
        [{ token: 'x'.repeat(300) }, RESET_INVALID],
      ];
      for (const [overrides, message] of cases) {
        const res = await request(t.http).post('/api/password/reset').send(resetBody(link, overrides)).expect(400);
        expect(res.body.message).toBe(message);
        expect(res.body.errors).toEqual(expect.any(Object));
      }
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
      // The link still works after the refused attempts.
      await request(t.http).post('/api/password/reset').send(resetBody(link)).expect(200);
    });

    it('activates an account that was waiting: following the link proves the mailbox', async () => {
      const member = await createTestUser(t.dataSource, { activated: false });
      await request(t.http).post('/api/password/send_forgot_email').send({ email: member.email }).expect(200);
      await request(t.http).post('/api/password/reset').send(resetBody(await resetLink(t.dataSource, member.email))).expect(200);
      expect((await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: member.user.id })).activatedAt).toBeInstanceOf(Date);
      const login = await request(t.http).post('/api/login').send({ username: member.email, password: NEW_PASSWORD }).expect(200);
      expect(login.body.token).toEqual(expect.any(String));
    });
  });
});
