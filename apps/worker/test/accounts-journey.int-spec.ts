import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { In } from 'typeorm';
import { AccountMessages } from '@outils/contracts';
import { loadConfig } from '@outils/server-config';
import { OutboxMessageEntity, UserEntity } from '@outils/server-db';
import { CaughtMail, freePort, linkFrom, SmtpCatcher, startSmtpCatcher, waitUntil } from '@outils/server-testing';
import { WorkerModule } from '../src/worker.module';
// Test-only cross-app import: the real API next to the real worker (issue 3).
import { createTestApp, TestApp } from '../../api/test/setup/test-app';

const WEB_URL = 'http://localhost:4299'; // the API test config's WEB_URL

/** The real worker (outbox relay → BullMQ → SMTP), on this run's database and Redis prefix. */
async function startWorker(smtpUrl: string, prefix: string): Promise<INestApplicationContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: prefix,
    SMTP_URL: smtpUrl,
    WEB_URL,
    WORKER_HTTP_PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
  });
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  worker.enableShutdownHooks();
  await worker.init();
  return worker;
}

const to = (address: string) => (mail: CaughtMail) => mail.to.some((t) => t.address === address);

function linkParams(link: string) {
  const url = new URL(link);
  return { email: url.searchParams.get('email') ?? '', token: url.searchParams.get('token') ?? '' };
}


describe('account journey with the real worker and a real SMTP server (issue 3)', () => {
  let smtp: SmtpCatcher;
  let api: TestApp;
  let worker: INestApplicationContext;
  const prefix = `${process.env.TEST_REDIS_PREFIX}:journey`;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    api = await createTestApp({ REDIS_PREFIX: prefix });
    worker = await startWorker(smtp.url, prefix);
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await smtp?.close();
  });

  it('sign-up → mail → activation link → login → update → forgot → reset link → login → delete', async () => {
    const email = `journee.${Date.now().toString(36)}@exemple.fr`;
    const password = 'Premier-Mdp-2026!';

    // Sign-up: the activation mail arrives with a link to the web app.
    const signUp = await request(api.http).post('/api/user/new').type('form').send({
      lastName: 'Moreau', firstName: 'Léa', mail: email, password, passwordConfirm: password, job: 'Graphiste', newsletter: '0',
    }).expect(200);
    expect(signUp.body).toEqual({ url: `/login/signup/confirmed?email=${encodeURIComponent(email)}` });
    const activationMail = await smtp.waitFor(to(email));
    expect(activationMail.subject).toBe('Activez votre compte Outils');
    expect(activationMail.html).toContain('Bienvenue Léa');
    const activation = linkParams(linkFrom(activationMail, `${WEB_URL}/profile/confirmed?`));
    expect(activation.email).toBe(email);

    // Before activation the login only answers a message.
    expect((await request(api.http).post('/api/login').send({ username: email, password }).expect(200)).body.token).toBeUndefined();

    // The web page calls confirm with the link's parameters as headers.
    const confirm = await request(api.http).get('/api/user/confirm').set({ email: activation.email, token: activation.token }).expect(200);
    expect(confirm.body).toEqual({ message: 'Compte activé avec succès' });

    let login = await request(api.http).post('/api/login').send({ username: email, password }).expect(200);
    let credentials = { userEmail: login.body.user as string, userToken: login.body.token as string };

    // Update: a new e-mail (current password required) is only asked: the address in force is
    // told, and the new one gets the link that moves the account (docs/product/rules.md#R760).
    const newEmail = `journee.nouvelle.${Date.now().toString(36)}@exemple.fr`;
    const update = await request(api.http).post('/api/user/update')
      .field('storedMail', credentials.userEmail).field('storedToken', credentials.userToken)
      .field('firstName', 'Léa').field('lastName', 'Moreau-Petit').field('job', 'Directrice artistique')
      .field('mail', newEmail).field('password', '').field('passwordConfirm', '').field('newsletter', '1')
      .field('activityArea', 'null').field('oldPassword', password)
      .expect(200);
    expect(update.body).toEqual({ message: AccountMessages.emailChangeSent(newEmail), userMail: email, pendingEmail: newEmail });
    const requestedMail = await smtp.waitFor((m) => to(email)(m) && m.subject === 'Demande de changement de votre adresse e-mail Outils');
    expect(requestedMail.text).toContain(newEmail);
    // The newsletter switch turned on: the address in force confirms its registration first (docs/product/rules.md#R456).
    await smtp.waitFor((m) => to(email)(m) && m.subject === 'Confirmez votre inscription à la newsletter Outils');
    const confirmMail = await smtp.waitFor((m) => to(newEmail)(m) && m.subject === 'Confirmez votre nouvelle adresse e-mail Outils');
    const emailLink = linkParams(linkFrom(confirmMail, `${WEB_URL}/profile/email-confirmed?`));
    expect(emailLink.email).toBe(newEmail);
    await request(api.http).post('/api/user/email/confirm').send(emailLink).expect(200);
    const changedMail = await smtp.waitFor((m) => to(email)(m) && m.subject === 'Votre adresse e-mail Outils a changé');
    expect(changedMail.text).toContain(newEmail);
    credentials = { userEmail: newEmail, userToken: credentials.userToken };
    const show = await request(api.http).get('/api/user/show').set(credentials).expect(200);
    expect(show.body.userData).toMatchObject({ email: newEmail, lastName: 'Moreau-Petit', pendingEmail: null });

    // Forgot password: the reset mail goes to the new address; its link sets a new password.
    await request(api.http).post('/api/password/send_forgot_email').send({ email: newEmail }).expect(200);
    const resetMail = await smtp.waitFor((m) => to(newEmail)(m) && m.subject.startsWith('Réinitialisez'));
    expect(resetMail.subject).toBe('Réinitialisez votre mot de passe Outils');
    const reset = linkParams(linkFrom(resetMail, `${WEB_URL}/login/password/reset?`));
    const newPassword = 'Second-Mdp-2026!';
    await request(api.http).post('/api/password/reset').type('form')
      .send({ email: reset.email, token: reset.token, password: newPassword, passwordConfirm: newPassword }).expect(200);

    // The owner is told (docs/product/rules.md#R766).
    const noticeMail = await smtp.waitFor((m) => to(newEmail)(m) && m.subject === 'Votre mot de passe Outils a changé');
    expect(noticeMail.text).toContain('réinitialisé');

    // The reset revoked the session; the old password no longer works, the new one does.
    await request(api.http).get('/api/user/show').set(credentials).expect(401);
    await request(api.http).post('/api/login').send({ username: newEmail, password }).expect(401);
    login = await request(api.http).post('/api/login').send({ username: newEmail, password: newPassword }).expect(200);
    credentials = { userEmail: login.body.user, userToken: login.body.token };

    // Every mail of the journey left once, and the outbox forgot the links' tokens.
    const rows = await api.dataSource.getRepository(OutboxMessageEntity)
      .createQueryBuilder('o').where(`o.payload->>'to' IN (:...to)`, { to: [email, newEmail] }).getMany();
    expect(rows.map((r) => r.jobName).sort()).toEqual([
      'send-activation-mail', 'send-email-change-confirm-mail', 'send-email-change-requested-mail', 'send-email-changed-mail',
      'send-newsletter-confirmation-mail', 'send-password-changed-mail', 'send-password-reset-mail',
    ]);
    await waitUntil(
      async () => (await api.dataSource.getRepository(OutboxMessageEntity).findBy({ id: In(rows.map((r) => r.id)) })).every((r) => r.sentAt),
      { timeoutMs: 15_000, what: 'every outbox row sent' },
    );
    for (const row of await api.dataSource.getRepository(OutboxMessageEntity).findBy({ id: In(rows.map((r) => r.id)) })) {
      expect(JSON.stringify(row.payload)).not.toMatch(/token=/);
    }
    expect((await smtp.all()).filter((m) => to(email)(m) || to(newEmail)(m))).toHaveLength(7);

    // Delete: the account is gone.
    const deleted = await request(api.http).post('/api/user/delete')
      .field('oldPassword', newPassword).field('storedMail', credentials.userEmail).field('storedToken', credentials.userToken).expect(200);
    expect(deleted.body).toEqual({ success: true, message: 'Votre compte a bien été supprimé' });
    expect(await api.dataSource.getRepository(UserEntity).existsBy({ email: newEmail })).toBe(false);
    const farewell = await smtp.waitFor((m) => to(newEmail)(m) && m.subject === 'Votre compte Outils a été supprimé');
    expect(farewell.text).toContain('supprimé');
    await request(api.http).post('/api/login').send({ username: newEmail, password: newPassword }).expect(401);
  });
});

describe('Redis unreachable during a sign-up (docs/product/rules.md#R167)', () => {
  let smtp: SmtpCatcher;
  let api: TestApp;
  let worker: INestApplicationContext | undefined;
  const prefix = `${process.env.TEST_REDIS_PREFIX}:redis-down`;
  // BullMQ prints every failed reconnection of the API's queues; expected here.
  let consoleError: jest.SpyInstance;

  beforeAll(async () => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    smtp = await startSmtpCatcher();
    // A port nothing listens on: the API's Redis is down for the whole test.
    api = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, REDIS_PREFIX: prefix });
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await smtp?.close();
    consoleError.mockRestore();
  });

  it('answers the sign-up at once, keeps the mail in the outbox, and the worker sends it once Redis is there', async () => {
    const health = await request(api.http).get('/health').expect(503);
    expect(health.body.error?.redis?.status ?? health.body.details?.redis?.status).toBe('down');

    const email = `panne.${Date.now().toString(36)}@exemple.fr`;
    const started = Date.now();
    const res = await request(api.http).post('/api/user/new').send({
      lastName: 'Garnier', firstName: 'Yanis', mail: email, password: 'Panne-Redis-2026!', passwordConfirm: 'Panne-Redis-2026!',
    }).expect(200);
    // Far below the 3 s Redis connect timeout: nothing waited for Redis.
    expect(Date.now() - started).toBeLessThan(2500);
    expect(res.body).toEqual({ url: `/login/signup/confirmed?email=${encodeURIComponent(email)}` });

    // Rate limits fall back to memory instead of blocking: other account calls answer too.
    await request(api.http).post('/api/login').send({ username: email, password: 'Faux-Mdp-2026!' }).expect(401);
    await request(api.http).post('/api/login/new/email').send({ email: 'inconnu@exemple.fr' }).expect(200);

    // The mail is recorded, not yet handed to the queue.
    const row = await api.dataSource.getRepository(OutboxMessageEntity)
      .createQueryBuilder('o').where(`o.payload->>'to' = :email`, { email }).getOneOrFail();
    // The API decides before answering that Redis is away and leaves the row to the relay: nothing
    // is in flight after the answer, so the row read now is the row the worker will find.
    expect(row).toMatchObject({ jobName: 'send-activation-mail', dispatchedAt: null, sentAt: null });

    // "Redis is back": a worker on the real Redis relays the row and the mail arrives.
    worker = await startWorker(smtp.url, prefix);
    const mail = await smtp.waitFor(to(email));
    expect(mail.subject).toBe('Activez votre compte Outils');
    const link = linkParams(linkFrom(mail, `${WEB_URL}/profile/confirmed?`));
    await request(api.http).get('/api/user/confirm').set({ email: link.email, token: link.token }).expect(200);
    await request(api.http).post('/api/login').send({ username: email, password: 'Panne-Redis-2026!' }).expect(200);
    expect((await smtp.all()).filter(to(email))).toHaveLength(1);
  });
});
