import request from 'supertest';
import { AuthSessionEntity, OneTimeTokenEntity, UserEntity } from '@outils/server-db';
import {
  accountsSnapshot, activationLink, createAccountsTestApp, ensureActivityAreas, latestMailJob,
  signUpActivateAndLogin, signUpPayload, uniqueEmail,
} from '../factories/accounts.factory';
import { createTestUser } from '../factories/user.factory';
import type { TestApp } from '../setup/test-app';

/** Sign-up, activation, login, logout, user/show and activities over HTTP (real PostgreSQL and Redis). */
describe('accounts: sign-up, activation, login (issue 3)', () => {
  let t: TestApp;
  let areas: Array<{ id: number; name: string }>;

  beforeAll(async () => {
    t = await createAccountsTestApp('accounts');
    areas = await ensureActivityAreas(t.dataSource, ['Commerce de détail', 'Artisanat et BTP', 'Associations']);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/activities', () => {
    it('lists the activity areas as { activities: [{ id, name }] }', async () => {
      const res = await request(t.http).get('/api/activities').expect(200);
      expect(res.body.activities).toEqual(expect.arrayContaining(areas.map(({ id, name }) => ({ id, name }))));
      for (const item of res.body.activities) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
    });
  });

  describe('POST /api/user/new', () => {
    it('creates an inactive account, answers { url } and writes the activation mail to the outbox', async () => {
      const payload = signUpPayload({ mail: uniqueEmail('Camille.MAJ').toUpperCase(), activityArea: String(areas[1].id) });
      const res = await request(t.http).post('/api/user/new').send(payload).expect(200);
      const email = String(payload.mail).toLowerCase();
      expect(res.body).toEqual({ url: `/login/signup/confirmed?email=${encodeURIComponent(email)}` });

      const user = await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email });
      expect(user).toMatchObject({ firstName: 'Élodie', lastName: 'Durand', job: 'Fleuriste', newsletter: true, isAdmin: false, activatedAt: null, activityAreaId: areas[1].id });
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(user.termsAcceptedAt).toBeInstanceOf(Date);

      const job = await latestMailJob(t.dataSource, 'send-activation-mail', email);
      expect(job?.payload).toMatchObject({ to: email, firstName: 'Élodie' });
      const link = new URL(String(job?.payload.activationUrl));
      expect(`${link.origin}${link.pathname}`).toBe('http://localhost:4299/profile/confirmed');
      expect(link.searchParams.get('email')).toBe(email);
      const token = link.searchParams.get('token')!;
      expect(token.length).toBeGreaterThanOrEqual(43); // 32 random bytes

      // Only the hash is stored, valid 48 hours.
      const stored = await t.dataSource.getRepository(OneTimeTokenEntity).findOneByOrFail({ userId: user.id, purpose: 'activation' });
      expect(stored.tokenHash).not.toContain(token);
      const hours = (stored.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(47.9);
      expect(hours).toBeLessThanOrEqual(48);
    });

    it('accepts urlencoded and multipart bodies alike', async () => {
      const form = signUpPayload();
      await request(t.http).post('/api/user/new').type('form').send(form).expect(200);
      const multipart = signUpPayload();
      let req = request(t.http).post('/api/user/new');
      for (const [key, value] of Object.entries(multipart)) req = req.field(key, String(value));
      await req.expect(200);
      for (const email of [form.mail, multipart.mail]) {
        expect(await t.dataSource.getRepository(UserEntity).existsBy({ email: String(email) })).toBe(true);
      }
    });

    it('ignores unknown fields such as isAdmin', async () => {
      const payload = signUpPayload({ isAdmin: true, activatedAt: '2020-01-01', id: '00000000-0000-0000-0000-000000000000' });
      await request(t.http).post('/api/user/new').send(payload).expect(200);
      const user = await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: String(payload.mail) });
      expect(user.isAdmin).toBe(false);
      expect(user.activatedAt).toBeNull();
      expect(user.id).not.toBe('00000000-0000-0000-0000-000000000000');
    });

    it('takes the synthetic "null" activity area as none, and refuses an unknown one', async () => {
      const none = signUpPayload({ activityArea: 'null', newsletter: '0', job: '' });
      await request(t.http).post('/api/user/new').type('form').send(none).expect(200);
      const user = await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: String(none.mail) });
      expect(user).toMatchObject({ activityAreaId: null, newsletter: false, job: null });

      const before = await accountsSnapshot(t.dataSource);
      const res = await request(t.http).post('/api/user/new').send(signUpPayload({ activityArea: 999999 })).expect(400);
      expect(res.body).toEqual({ errors: { activityArea: ['Ce secteur d’activité n’existe pas.'] } });
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });

    it('refuses an address already taken, whatever its case, as an error on mail', async () => {
      const existing = await createTestUser(t.dataSource);
      const before = await accountsSnapshot(t.dataSource);
      const res = await request(t.http).post('/api/user/new').send(signUpPayload({ mail: existing.email.toUpperCase() })).expect(400);
      expect(res.body).toEqual({ errors: { mail: ['Un compte existe déjà avec cette adresse e-mail.'] } });
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });

    it('gives one account when the same address signs up twice at once', async () => {
      const payload = signUpPayload();
      const answers = await Promise.all([1, 2, 3].map(() => request(t.http).post('/api/user/new').send(payload)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
      for (const answer of answers.filter((a) => a.status === 400)) {
        expect(answer.body).toEqual({ errors: { mail: ['Un compte existe déjà avec cette adresse e-mail.'] } });
      }
      expect(await t.dataSource.getRepository(UserEntity).countBy({ email: String(payload.mail) })).toBe(1);
    });

    it.each([
      ['password too weak', { password: 'motdepasse', passwordConfirm: 'motdepasse' }, 'password', 'Le mot de passe doit contenir de 8 à 32 caractères, dont au moins 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.'],
      ['password of 33 characters', { password: 'Aa1!' + 'x'.repeat(29), passwordConfirm: 'Aa1!' + 'x'.repeat(29) }, 'password', 'Le mot de passe doit contenir de 8 à 32 caractères, dont au moins 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.'],
      ['confirmation different', { passwordConfirm: 'Bonjour-2027!' }, 'passwordConfirm', 'La confirmation ne correspond pas au mot de passe.'],
      ['confirmation missing', { passwordConfirm: undefined }, 'passwordConfirm', 'Le champ « confirmation du mot de passe » est obligatoire.'],
      ['last name missing', { lastName: undefined }, 'lastName', 'Le champ « nom » est obligatoire.'],
      ['first name blank', { firstName: '   ' }, 'firstName', 'Le champ « prénom » est obligatoire.'],
      ['e-mail malformed', { mail: 'camille@' }, 'mail', 'L’adresse e-mail n’est pas valide.'],
      ['e-mail missing', { mail: undefined }, 'mail', 'Le champ « adresse e-mail » est obligatoire.'],
    ])('refuses %s with a French field error and changes nothing', async (_label, overrides, field, message) => {
      const before = await accountsSnapshot(t.dataSource);
      const res = await request(t.http).post('/api/user/new').send(signUpPayload(overrides)).expect(400);
      expect(res.body.errors[field]).toEqual([message]);
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });
  });

  describe('GET /api/user/confirm', () => {
    it('activates with the link once; the same link then says the account is already active', async () => {
      const payload = signUpPayload();
      await request(t.http).post('/api/user/new').send(payload).expect(200);
      const link = await activationLink(t.dataSource, String(payload.mail));

      const ok = await request(t.http).get('/api/user/confirm').set('email', link.email).set('token', link.token).expect(200);
      expect(ok.body).toEqual({ message: 'Compte activé avec succès' });
      const user = await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: String(payload.mail) });
      expect(user.activatedAt).toBeInstanceOf(Date);

      const again = await request(t.http).get('/api/user/confirm').set('email', link.email).set('token', link.token).expect(200);
      expect(again.body).toEqual({ message: 'Votre compte est déjà activé : vous pouvez vous connecter.', alreadyActive: true });
      // Another token for this active account learns nothing about it.
      const forged = await request(t.http).get('/api/user/confirm').set('email', link.email).set('token', 'x'.repeat(43)).expect(400);
      expect(forged.body).toEqual({ message: 'Ce lien d’activation n’est plus valide. Si votre compte est déjà activé, connectez-vous ; sinon, demandez un nouvel e-mail d’activation.' });
    });

    it('answers 400 with the spec text when email or token is missing', async () => {
      for (const headers of [{}, { email: 'a@exemple.fr' }, { token: 'abc' }, { email: '', token: '' }]) {
        const res = await request(t.http).get('/api/user/confirm').set(headers).expect(400);
        expect(res.body).toEqual({ message: "Vérifiez le lien ou recommencez l’opération." });
      }
    });

    it('refuses a wrong token, another account’s token, an unknown address and an expired link without activating', async () => {
      const a = signUpPayload();
      const b = signUpPayload();
      await request(t.http).post('/api/user/new').send(a).expect(200);
      await request(t.http).post('/api/user/new').send(b).expect(200);
      const linkA = await activationLink(t.dataSource, String(a.mail));
      const linkB = await activationLink(t.dataSource, String(b.mail));

      const attempts: Array<Record<string, string>> = [
        { email: linkA.email, token: linkA.token.slice(0, -2) + 'xx' },
        { email: linkA.email, token: linkB.token },
        { email: uniqueEmail('inconnu'), token: linkA.token },
        { email: linkA.email, token: 'x'.repeat(5000) },
      ];
      for (const headers of attempts) {
        const res = await request(t.http).get('/api/user/confirm').set(headers).expect(400);
        expect(res.body.message).toBe('Ce lien d’activation n’est plus valide. Si votre compte est déjà activé, connectez-vous ; sinon, demandez un nouvel e-mail d’activation.');
      }
      await t.dataSource.query(`UPDATE one_time_token SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM app_user WHERE email = $1)`, [linkA.email]);
      await request(t.http).get('/api/user/confirm').set('email', linkA.email).set('token', linkA.token).expect(400);
      const user = await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: linkA.email });
      expect(user.activatedAt).toBeNull();
    });
  });

  describe('POST /api/login', () => {
    it('returns { user, token } for an activated account (JSON, urlencoded or multipart, any case)', async () => {
      const member = await createTestUser(t.dataSource);
      const json = await request(t.http).post('/api/login').send({ username: member.email.toUpperCase(), password: member.password }).expect(200);
      expect(json.body).toEqual({ user: member.email, token: expect.any(String) });
      expect(json.body.token.length).toBeGreaterThanOrEqual(43);
      await request(t.http).post('/api/login').type('form').send({ username: member.email, password: member.password }).expect(200);
      await request(t.http).post('/api/login').field('username', member.email).field('password', member.password).expect(200);

      // The token works, and only its hash is stored.
      const show = await request(t.http).get('/api/user/show').set({ userEmail: member.email, userToken: json.body.token }).expect(200);
      expect(show.body.userData.email).toBe(member.email);
      const sessions = await t.dataSource.getRepository(AuthSessionEntity).findBy({ userId: member.user.id });
      expect(sessions.map((s) => s.tokenHash)).not.toContain(json.body.token);
      const days = (Math.max(...sessions.map((s) => s.expiresAt.getTime())) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
    });

    it('answers 200 { message } without token for a right password on an account not yet activated', async () => {
      const member = await createTestUser(t.dataSource, { activated: false });
      const res = await request(t.http).post('/api/login').send({ username: member.email, password: member.password }).expect(200);
      expect(res.body).toEqual({ message: 'Votre compte n’est pas encore activé. Consultez l’e-mail de confirmation que nous vous avons envoyé.' });
      expect(await t.dataSource.getRepository(AuthSessionEntity).countBy({ userId: member.user.id })).toBe(0);
    });

    it('answers 401 { error } alike for a wrong password, an unknown address and an inactive account with a wrong password', async () => {
      const member = await createTestUser(t.dataSource);
      const inactive = await createTestUser(t.dataSource, { activated: false });
      const before = await accountsSnapshot(t.dataSource);
      for (const body of [
        { username: member.email, password: 'Mauvais-2026!' },
        { username: uniqueEmail('inconnu'), password: member.password },
        { username: inactive.email, password: 'Mauvais-2026!' },
      ]) {
        const res = await request(t.http).post('/api/login').send(body).expect(401);
        expect(res.body).toEqual({ error: 'Identifiants incorrects.' });
      }
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });

    it('answers missing or malformed fields with a 400 carrying an error field', async () => {
      for (const body of [{}, { username: 'a@exemple.fr' }, { username: ['a@exemple.fr'], password: 'x' }, { username: 'a@exemple.fr', password: { $gt: '' } }]) {
        const res = await request(t.http).post('/api/login').send(body).expect(400);
        expect(typeof res.body.error).toBe('string');
        expect(res.body.error).toMatch(/champ|adresse/);
      }
      const res = await request(t.http).post('/api/login').set('Content-Type', 'application/json').send('{"username":').expect(400);
      expect(res.body.error ?? res.body.message).toBe('Le contenu envoyé est illisible : vérifiez le format des données.');
    });
  });

  describe('POST /api/logout', () => {
    it('revokes the presented session only', async () => {
      const { email, password } = await signUpActivateAndLogin(t);
      const first = (await request(t.http).post('/api/login').send({ username: email, password }).expect(200)).body.token;
      const second = (await request(t.http).post('/api/login').send({ username: email, password }).expect(200)).body.token;

      const res = await request(t.http).post('/api/logout').set({ userEmail: email, userToken: first }).expect(200);
      expect(res.body).toEqual({ message: 'Vous êtes déconnecté.' });
      await request(t.http).get('/api/user/show').set({ userEmail: email, userToken: first }).expect(401);
      await request(t.http).get('/api/user/show').set({ userEmail: email, userToken: second }).expect(200);
    });

    it('answers 401 with a French message without valid credentials', async () => {
      const none = await request(t.http).post('/api/logout').expect(401);
      expect(none.body).toEqual({ message: 'Vous devez être connecté pour effectuer cette action.' });
      const bad = await request(t.http).post('/api/logout').set('Access-Token', 'nope').expect(401);
      expect(bad.body).toEqual({ message: 'Votre session a expiré ou n’est pas valide. Merci de vous reconnecter.' });
    });
  });

  describe('GET /api/user/show', () => {
    it('returns userData with the activity area, through every credential carrier', async () => {
      const member = await createTestUser(t.dataSource, { activityAreaId: areas[0].id, job: 'Boulangère', newsletter: true, firstName: 'Inès', lastName: 'Lefèvre' });
      const expected = {
        userData: {
          // The switch shows the address's real subscription, none here (docs/product/rules.md#R456).
          firstName: 'Inès', lastName: 'Lefèvre', email: member.email, job: 'Boulangère', newsletter: false, newsletterStatus: 'none',
          activity_area: { id: areas[0].id, name: areas[0].name }, isAdmin: false, pendingEmail: null,
        },
      };
      expect((await request(t.http).get('/api/user/show').set({ userEmail: member.email, userToken: member.token }).expect(200)).body).toEqual(expected);
      expect((await request(t.http).get('/api/user/show').set({ email: member.email, token: member.token }).expect(200)).body).toEqual(expected);
      expect((await request(t.http).get('/api/user/show').set('Access-Token', member.token).expect(200)).body).toEqual(expected);
      expect((await request(t.http).get('/api/user/show').query({ storedMail: member.email, storedToken: member.token }).expect(200)).body).toEqual(expected);
    });

    it('gives activity_area null and isAdmin true for the admin without area', async () => {
      const admin = await createTestUser(t.dataSource, { isAdmin: true });
      const res = await request(t.http).get('/api/user/show').set(admin.headers).expect(200);
      expect(res.body.userData).toMatchObject({ activity_area: null, isAdmin: true, job: null });
    });

    it('answers 401 without credentials, with a wrong token, or with another member’s e-mail', async () => {
      const a = await createTestUser(t.dataSource);
      const b = await createTestUser(t.dataSource);
      expect((await request(t.http).get('/api/user/show').expect(401)).body).toEqual({ message: 'Vous devez être connecté pour effectuer cette action.' });
      await request(t.http).get('/api/user/show').set({ userEmail: a.email, userToken: 'x'.repeat(43) }).expect(401);
      await request(t.http).get('/api/user/show').set({ userEmail: b.email, userToken: a.token }).expect(401);
    });
  });

  describe('POST /api/login/new/email (resend activation)', () => {
    it('sends a new link to a waiting account; the former link keeps working until one activates (docs/product/rules.md#R765)', async () => {
      const payload = signUpPayload();
      await request(t.http).post('/api/user/new').send(payload).expect(200);
      const first = await activationLink(t.dataSource, String(payload.mail));

      const res = await request(t.http).post('/api/login/new/email').type('form').send({ email: String(payload.mail).toUpperCase() }).expect(200);
      expect(res.body).toEqual({ message: 'Si un compte non activé existe pour cette adresse, un nouvel e-mail d’activation vient d’être envoyé.' });
      const second = await activationLink(t.dataSource, String(payload.mail));
      expect(second.token).not.toBe(first.token);

      await request(t.http).get('/api/user/confirm').set('email', first.email).set('token', first.token).expect(200);
      expect((await request(t.http).get('/api/user/confirm').set('email', second.email).set('token', second.token).expect(200)).body.alreadyActive).toBe(true);
    });

    it('answers the same message for an unknown or an already active address, and sends nothing', async () => {
      const active = await createTestUser(t.dataSource);
      const unknown = uniqueEmail('inconnu');
      const before = await accountsSnapshot(t.dataSource);
      const answers = await Promise.all([active.email, unknown].map((email) => request(t.http).post('/api/login/new/email').send({ email }).expect(200)));
      expect(answers[0].body).toEqual(answers[1].body);
      expect(answers[0].body).toEqual({ message: 'Si un compte non activé existe pour cette adresse, un nouvel e-mail d’activation vient d’être envoyé.' });
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });

    it('answers 400 { message } on a malformed address', async () => {
      for (const body of [{}, { email: 'pas-une-adresse' }, { email: ['a@exemple.fr'] }, { email: 'a'.repeat(250) + '@exemple.fr' }]) {
        const res = await request(t.http).post('/api/login/new/email').send(body).expect(400);
        expect(typeof res.body.message).toBe('string');
        expect(res.body.message).toMatch(/adresse e-mail/);
      }
    });
  });
});
