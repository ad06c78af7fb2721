import Redis from 'ioredis';
import request from 'supertest';
import { AccountMessages } from '@outils/contracts';
import { DelayService } from '../../src/common/rate-limit/delay.service';
import { activationLink, createAccountsTestApp, resetLink, signUpPayload, uniqueEmail } from '../factories/accounts.factory';
import { createTestUser } from '../factories/user.factory';
import type { TestApp } from '../setup/test-app';

/**
 * Recovery that cannot be flooded or broken (docs/product/rules.md#R763, #R764, #R765, #R766),
 * against PostgreSQL and Redis: account mails are capped per mailbox whatever the client
 * address, asking again never kills the link just mailed, and the owner hears of a new password.
 */
describe('accounts: recovery that cannot be flooded or broken', () => {
  let t: TestApp;
  let ipCounter = 0;
  const newIp = () => `198.51.100.${++ipCounter}`;
  let raw: Redis;

  beforeAll(async () => {
    t = await createAccountsTestApp('recovery');
    raw = new Redis(t.config.redis.url);
    // The progressive delay of the address is not what is tested here.
    jest.spyOn(t.app.get(DelayService), 'wait').mockResolvedValue(undefined);
  });
  afterAll(async () => {
    raw.disconnect();
    await t.close();
  });

  const mailCount = async (job: string, to: string) =>
    Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM outbox_message WHERE job_name = $1 AND payload->>'to' = $2`, [job, to]))[0].n);
  /** An hour passes for the mailbox caps: their hourly counters are forgotten. */
  const anHourPasses = async () => {
    const keys = await raw.keys(`${t.config.redis.prefix}:rl:account-mail-hour:*`);
    if (keys.length) await raw.del(...keys);
  };
  const forgot = (email: string, ip = newIp()) =>
    request(t.http).post('/api/password/send_forgot_email').set('X-Forwarded-For', ip).send({ email }).expect(200);

  it('caps reset mails at 5 an hour per address whatever the client address, with the same answer past it', async () => {
    const member = await createTestUser(t.dataSource);
    for (let i = 0; i < 8; i += 1) {
      const res = await forgot(member.email);
      expect(res.body).toEqual({ message: AccountMessages.forgotSent });
    }
    expect(await mailCount('send-password-reset-mail', member.email)).toBe(5);
  });

  it('caps them at 10 a day, activation resends and resets together', async () => {
    const payload = signUpPayload();
    await request(t.http).post('/api/user/new').set('X-Forwarded-For', newIp()).send(payload).expect(200);
    const email = String(payload.mail);
    const resend = () => request(t.http).post('/api/login/new/email').set('X-Forwarded-For', newIp()).send({ email }).expect(200);
    for (let i = 0; i < 3; i += 1) await resend();
    for (let i = 0; i < 3; i += 1) await forgot(email);
    // 1 activation at sign-up (not capped) + 3 resends + 2 resets: the hour's 5 are spent.
    expect([await mailCount('send-activation-mail', email), await mailCount('send-password-reset-mail', email)]).toEqual([4, 2]);
    await anHourPasses();
    for (let i = 0; i < 7; i += 1) await resend();
    // 5 more within the new hour: 10 today.
    expect(await mailCount('send-activation-mail', email)).toBe(9);
    await anHourPasses();
    const res = await resend();
    expect(res.body).toEqual({ message: AccountMessages.activationResent });
    await forgot(email);
    expect([await mailCount('send-activation-mail', email), await mailCount('send-password-reset-mail', email)]).toEqual([9, 2]);
  });

  it('keeps a reset link mailed less than 15 minutes ago valid when asked again, and retires every other link once one serves', async () => {
    const member = await createTestUser(t.dataSource);
    await forgot(member.email);
    const first = await resetLink(t.dataSource, member.email);
    await forgot(member.email);
    const second = await resetLink(t.dataSource, member.email);
    expect(second.token).not.toBe(first.token);
    const check = (link: { email: string; token: string }) => request(t.http).post('/api/password/reset/check').set('X-Forwarded-For', newIp()).send({ email: link.email, token: link.token });
    await check(first).expect(200);
    await check(second).expect(200);

    const password = 'Nouveau-Mdp-2026!';
    await request(t.http).post('/api/password/reset').set('X-Forwarded-For', newIp())
      .send({ email: first.email, token: first.token, password, passwordConfirm: password }).expect(200);
    expect((await check(second).expect(400)).body).toEqual({ message: AccountMessages.resetInvalid });
    // The owner is told (docs/product/rules.md#R766).
    expect(await mailCount('send-password-changed-mail', member.email)).toBe(1);
  });

  it('replaces a reset link mailed more than 15 minutes ago', async () => {
    const member = await createTestUser(t.dataSource);
    await forgot(member.email);
    const old = await resetLink(t.dataSource, member.email);
    await t.dataSource.query(`UPDATE one_time_token SET created_at = now() - interval '16 minutes' WHERE user_id = $1 AND purpose = 'reset'`, [member.user.id]);
    await forgot(member.email);
    await request(t.http).post('/api/password/reset/check').set('X-Forwarded-For', newIp()).send({ email: old.email, token: old.token }).expect(400);
  });

  it('keeps every activation link valid until one activates the account; the others then say it is active', async () => {
    const payload = signUpPayload();
    await request(t.http).post('/api/user/new').set('X-Forwarded-For', newIp()).send(payload).expect(200);
    const email = String(payload.mail);
    const first = await activationLink(t.dataSource, email);
    await request(t.http).post('/api/login/new/email').set('X-Forwarded-For', newIp()).send({ email }).expect(200);
    await request(t.http).post('/api/login/new/email').set('X-Forwarded-For', newIp()).send({ email }).expect(200);
    const last = await activationLink(t.dataSource, email);
    expect(last.token).not.toBe(first.token);

    const activated = await request(t.http).get('/api/user/confirm').set({ email: first.email, token: first.token }).expect(200);
    expect(activated.body).toEqual({ message: AccountMessages.activationDone });
    const again = await request(t.http).get('/api/user/confirm').set({ email: last.email, token: last.token }).expect(200);
    expect(again.body).toEqual({ message: AccountMessages.activationAlreadyDone, alreadyActive: true });
    await request(t.http).post('/api/login').set('X-Forwarded-For', newIp()).send({ username: email, password: payload.password }).expect(200);
  });

  it('counts the mails of an e-mail change against the new mailbox: past its cap the change is refused in French, nothing changed', async () => {
    const target = uniqueEmail('boite');
    for (let i = 0; i < 5; i += 1) {
      const member = await createTestUser(t.dataSource);
      await request(t.http).post('/api/user/update').set(member.headers).send({ mail: target, oldPassword: member.password }).expect(200);
    }
    const member = await createTestUser(t.dataSource);
    const refused = await request(t.http).post('/api/user/update').set(member.headers).send({ mail: target, oldPassword: member.password, firstName: 'Zoé' }).expect(429);
    expect(refused.body).toEqual({ message: AccountMessages.emailChangeTooMany });
    const [row] = await t.dataSource.query(`SELECT first_name FROM app_user WHERE id = $1`, [member.user.id]);
    expect(row.first_name).toBe('Camille');
    expect(await mailCount('send-email-change-confirm-mail', target)).toBe(5);
  });
});
