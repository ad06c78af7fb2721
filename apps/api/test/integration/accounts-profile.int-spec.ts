import request from 'supertest';
import { AccountMessages } from '@outils/contracts';
import { AuthSessionEntity, DownloadLogEntity, FavoriteEntity, OneTimeTokenEntity, OutboxMessageEntity, UserEntity } from '@outils/server-db';
import { accountsSnapshot, createAccountsTestApp, ensureActivityAreas, latestMailJob, uniqueEmail } from '../factories/accounts.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import type { TestApp } from '../setup/test-app';

const UPDATE_DONE = 'Vos informations ont bien été enregistrées.';
const UPDATE_DONE_PASSWORD = 'Vos informations ont bien été enregistrées. Votre mot de passe a changé : merci de vous reconnecter.';

/** Profile update and account deletion (docs/product/rules.md#R53, docs/product/rules.md#R54, docs/product/rules.md#R55, docs/product/rules.md#R760, docs/product/rules.md#R57, docs/product/rules.md#R60). */
describe('accounts: profile update and deletion (issue 3)', () => {
  let t: TestApp;
  let areas: Array<{ id: number; name: string }>;

  beforeAll(async () => {
    t = await createAccountsTestApp('profile');
    areas = await ensureActivityAreas(t.dataSource, ['Hôtellerie-restauration', 'Santé et bien-être']);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The web's profile form: multipart with every field, credentials as storedMail/storedToken. */
  function updateForm(member: TestUser, fields: Record<string, string>) {
    let req = request(t.http).post('/api/user/update').field('storedMail', member.email).field('storedToken', member.token);
    for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
    return req;
  }

  const userRow = (id: string) => t.dataSource.getRepository(UserEntity).findOneByOrFail({ id });

  describe('POST /api/user/update', () => {
    it('saves names, job, activity area and newsletter from the multipart form, with empty password fields', async () => {
      const member = await createTestUser(t.dataSource);
      const res = await updateForm(member, {
        firstName: 'Inès', lastName: 'Lefèvre', job: 'Kinésithérapeute', mail: member.email, password: '', passwordConfirm: '',
        newsletter: '1', activityArea: String(areas[1].id), oldPassword: '',
      }).expect(200);
      expect(res.body).toEqual({ message: UPDATE_DONE, userMail: member.email });
      expect(await userRow(member.user.id)).toMatchObject({ firstName: 'Inès', lastName: 'Lefèvre', job: 'Kinésithérapeute', newsletter: true, activityAreaId: areas[1].id, passwordHash: member.user.passwordHash });

      const show = await request(t.http).get('/api/user/show').set(member.headers).expect(200);
      expect(show.body.userData.activity_area).toEqual({ id: areas[1].id, name: areas[1].name });

      // The synthetic 'Aucun' option and an empty job clear them.
      await updateForm(member, { activityArea: 'null', job: '', newsletter: '0' }).expect(200);
      expect(await userRow(member.user.id)).toMatchObject({ job: null, activityAreaId: null, newsletter: false });
    });

    it('ignores isAdmin and other unknown fields', async () => {
      const member = await createTestUser(t.dataSource);
      await request(t.http).post('/api/user/update').set(member.headers).send({ firstName: 'Zoé', isAdmin: true, activatedAt: null, email: 'x@y.fr' }).expect(200);
      const row = await userRow(member.user.id);
      expect(row).toMatchObject({ firstName: 'Zoé', isAdmin: false, email: member.email });
      expect(row.activatedAt).not.toBeNull();
    });

    it('asks for an e-mail change with the current password: the address in force stays until the new mailbox proves it', async () => {
      const member = await createTestUser(t.dataSource, { firstName: 'Hugo' });
      const newEmail = uniqueEmail('Nouvelle.Adresse');
      const res = await updateForm(member, { mail: newEmail.toUpperCase(), oldPassword: member.password }).expect(200);
      // docs/product/rules.md#R760 (the whole journey: security-email-change.int-spec.ts).
      expect(res.body).toEqual({ message: AccountMessages.emailChangeSent(newEmail.toLowerCase()), userMail: member.email, pendingEmail: newEmail.toLowerCase() });
      expect((await userRow(member.user.id)).email).toBe(member.email);
      const job = await latestMailJob(t.dataSource, 'send-email-change-requested-mail', member.email);
      expect(job?.payload).toMatchObject({ to: member.email, firstName: 'Hugo', newEmail: newEmail.toLowerCase() });
    });

    it('changes the password with the current one and revokes every session, the caller’s included', async () => {
      const member = await createTestUser(t.dataSource);
      const other = (await request(t.http).post('/api/login').send({ username: member.email, password: member.password }).expect(200)).body.token;
      const res = await updateForm(member, { password: 'Nouveau-Mdp-2026!', passwordConfirm: 'Nouveau-Mdp-2026!', oldPassword: member.password }).expect(200);
      expect(res.body).toEqual({ message: UPDATE_DONE_PASSWORD, userMail: member.email });

      expect(await t.dataSource.getRepository(AuthSessionEntity).countBy({ userId: member.user.id })).toBe(0);
      await request(t.http).get('/api/user/show').set(member.headers).expect(401);
      await request(t.http).get('/api/user/show').set({ userEmail: member.email, userToken: other }).expect(401);
      await request(t.http).post('/api/login').send({ username: member.email, password: member.password }).expect(401);
      await request(t.http).post('/api/login').send({ username: member.email, password: 'Nouveau-Mdp-2026!' }).expect(200);
    });

    it.each([
      ['a new e-mail without the current password', () => ({ mail: uniqueEmail('sans'), oldPassword: '' }), 'Saisissez votre mot de passe actuel pour modifier votre e-mail ou votre mot de passe.'],
      ['a new password without the current one', () => ({ password: 'Nouveau-Mdp-2026!', passwordConfirm: 'Nouveau-Mdp-2026!' }), 'Saisissez votre mot de passe actuel pour modifier votre e-mail ou votre mot de passe.'],
      ['a wrong current password', () => ({ password: 'Nouveau-Mdp-2026!', passwordConfirm: 'Nouveau-Mdp-2026!', oldPassword: 'Faux-Mdp-2026!' }), 'Le mot de passe actuel est incorrect.'],
      ['an unknown activity area', () => ({ activityArea: '987654' }), 'Ce secteur d’activité n’existe pas.'],
    ])('refuses %s with 400 { errors: { detail } } and changes nothing', async (_label, fields, detail) => {
      const member = await createTestUser(t.dataSource);
      const before = await accountsSnapshot(t.dataSource);
      const res = await updateForm(member, { firstName: 'Changé', ...fields() }).expect(400);
      expect(res.body).toEqual({ errors: { detail } });
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });

    it('refuses an e-mail taken by another account, whatever its case', async () => {
      const member = await createTestUser(t.dataSource);
      const other = await createTestUser(t.dataSource);
      const before = await accountsSnapshot(t.dataSource);
      const res = await updateForm(member, { mail: other.email.toUpperCase(), oldPassword: member.password }).expect(400);
      expect(res.body).toEqual({ errors: { detail: 'Un compte existe déjà avec cette adresse e-mail.' } });
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });

    it('answers field errors for a weak or unconfirmed new password and changes nothing', async () => {
      const member = await createTestUser(t.dataSource);
      const before = await accountsSnapshot(t.dataSource);
      const weak = await updateForm(member, { password: 'faible', passwordConfirm: 'faible', oldPassword: member.password }).expect(400);
      expect(weak.body).toEqual({ errors: { password: ['Le mot de passe doit contenir de 8 à 32 caractères, dont au moins 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.'] } });
      const mismatch = await updateForm(member, { password: 'Nouveau-Mdp-2026!', passwordConfirm: 'Nouveau-Mdp-2027!', oldPassword: member.password }).expect(400);
      expect(mismatch.body).toEqual({ errors: { passwordConfirm: ['La confirmation ne correspond pas au mot de passe.'] } });
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });

    it('answers 401 without valid credentials, and when storedMail is not the token’s owner', async () => {
      const member = await createTestUser(t.dataSource);
      const other = await createTestUser(t.dataSource);
      const before = await accountsSnapshot(t.dataSource);
      const none = await request(t.http).post('/api/user/update').send({ firstName: 'X' }).expect(401);
      expect(none.body).toEqual({ message: 'Vous devez être connecté pour effectuer cette action.' });
      await request(t.http).post('/api/user/update').send({ storedMail: other.email, storedToken: member.token, firstName: 'X' }).expect(401);
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });
  });

  describe('POST /api/user/delete', () => {
    async function seedPersonalData(member: TestUser) {
      const [{ id: categoryId }] = await t.dataSource.query(`INSERT INTO category (name) VALUES ($1) RETURNING id`, [`Catégorie ${member.user.id}`]);
      const [{ id: typeId }] = await t.dataSource.query(`INSERT INTO tool_type (name) VALUES ($1) RETURNING id`, [`Type ${member.user.id}`]);
      const [{ id: toolId }] = await t.dataSource.query(
        `INSERT INTO tool (slug, name, description, type_id, category_id, file_key, file_name, file_mime, file_size)
         VALUES ($1, 'Outil', 'Description', $2, $3, 'k', 'f.pdf', 'application/pdf', 1) RETURNING id`,
        [`outil-${member.user.id}`, typeId, categoryId],
      );
      await t.dataSource.getRepository(FavoriteEntity).insert({ userId: member.user.id, toolId });
      await t.dataSource.getRepository(DownloadLogEntity).insert([
        { toolId, userId: member.user.id, email: member.email },
        { toolId, userId: null, email: member.email }, // as a guest, with the same address
        { toolId, userId: null, email: 'quelquun@exemple.fr' },
      ]);
      await t.dataSource.getRepository(OneTimeTokenEntity).insert({ userId: member.user.id, purpose: 'reset', tokenHash: 'a'.repeat(64), expiresAt: new Date(Date.now() + 3_600_000) });
      await t.dataSource.getRepository(OutboxMessageEntity).insert({ jobName: 'send-activation-mail', payload: { to: member.email, firstName: 'Camille' }, sentAt: new Date(), dispatchedAt: new Date() });
      return toolId as number;
    }

    it('deletes the account with its favourites, sessions and tokens, and keeps download logs anonymised', async () => {
      const member = await createTestUser(t.dataSource);
      const toolId = await seedPersonalData(member);
      const res = await request(t.http).post('/api/user/delete').field('oldPassword', member.password)
        .field('storedMail', member.email).field('storedToken', member.token).expect(200);
      expect(res.body).toEqual({ success: true, message: 'Votre compte a bien été supprimé' });

      expect(await t.dataSource.getRepository(UserEntity).existsBy({ id: member.user.id })).toBe(false);
      expect(await t.dataSource.getRepository(FavoriteEntity).countBy({ userId: member.user.id })).toBe(0);
      expect(await t.dataSource.getRepository(AuthSessionEntity).countBy({ userId: member.user.id })).toBe(0);
      expect(await t.dataSource.getRepository(OneTimeTokenEntity).countBy({ userId: member.user.id })).toBe(0);
      const logs = await t.dataSource.getRepository(DownloadLogEntity).find({ where: { toolId }, order: { id: 'ASC' } });
      expect(logs.map((l) => [l.userId, l.email])).toEqual([[null, null], [null, null], [null, 'quelquun@exemple.fr']]);
      // The sent mails naming the address are gone; only the notice of the deletion waits (docs/product/rules.md#R766).
      const rows: Array<{ job_name: string }> = await t.dataSource.query(`SELECT job_name FROM outbox_message WHERE payload->>'to' = $1`, [member.email]);
      expect(rows.map((r) => r.job_name)).toEqual(['send-account-deleted-mail']);

      await request(t.http).get('/api/user/show').set(member.headers).expect(401);
      await request(t.http).post('/api/login').send({ username: member.email, password: member.password }).expect(401);
    });

    it('refuses a missing or wrong password with 400 { success: false, message } and deletes nothing', async () => {
      const member = await createTestUser(t.dataSource);
      const before = await accountsSnapshot(t.dataSource);
      const missing = await request(t.http).post('/api/user/delete').set(member.headers).send({}).expect(400);
      expect(missing.body).toEqual({ success: false, message: 'Saisissez votre mot de passe pour supprimer votre compte.' });
      const wrong = await request(t.http).post('/api/user/delete').set(member.headers).send({ oldPassword: 'Faux-Mdp-2026!' }).expect(400);
      expect(wrong.body).toEqual({ success: false, message: 'Le mot de passe actuel est incorrect.' });
      const array = await request(t.http).post('/api/user/delete').set(member.headers).send({ oldPassword: [member.password] }).expect(400);
      expect(array.body.success).toBe(false);
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });

    it('answers 401 { success: false, message } without valid credentials', async () => {
      const member = await createTestUser(t.dataSource);
      const before = await accountsSnapshot(t.dataSource);
      const res = await request(t.http).post('/api/user/delete').send({ oldPassword: member.password }).expect(401);
      expect(res.body).toEqual({ success: false, message: 'Vous devez être connecté pour effectuer cette action.' });
      const bad = await request(t.http).post('/api/user/delete').send({ oldPassword: member.password, storedMail: member.email, storedToken: 'faux' }).expect(401);
      expect(bad.body).toEqual({ success: false, message: 'Votre session a expiré ou n’est pas valide. Merci de vous reconnecter.' });
      expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    });
  });
});
