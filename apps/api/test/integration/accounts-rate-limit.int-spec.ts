import Redis from 'ioredis';
import request from 'supertest';
import { DelayService } from '../../src/common/rate-limit/delay.service';
import { AccountRateLimits } from '../../src/modules/accounts/account-rate-limits';
import { accountsSnapshot, accountsTestEnv, createAccountsTestApp, resetLink, signUpPayload, uniqueEmail } from '../factories/accounts.factory';
import { createTestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

const TOO_MANY = 'Trop de tentatives. Merci de patienter quelques minutes avant de réessayer.';

/**
 * Redis-backed rate limits on login, sign-up, resend, forgot and reset, per IP and per address
 * (issue 3). Each `it` uses its own client IP (X-Forwarded-For from the loopback proxy is
 * trusted) and its own addresses; the app has a Redis prefix of its own.
 */
describe('accounts: rate limits (real Redis)', () => {
  const t = useTestApp({ env: accountsTestEnv('rate-limit') });
  let ipCounter = 0;
  const newIp = () => `203.0.113.${++ipCounter}`;

  function expect429(res: request.Response) {
    expect(res.status).toBe(429);
    expect(res.body.message ?? res.body.error).toBe(TOO_MANY);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('forgot password: 3 per address and IP per hour, the same for a known and an unknown address; another IP still gets its mail', async () => {
    const member = await createTestUser(t.dataSource);
    const unknown = uniqueEmail('inconnu');
    for (const email of [member.email, unknown]) {
      const ip = newIp();
      for (let i = 0; i < 3; i += 1) {
        await request(t.http).post('/api/password/send_forgot_email').set('X-Forwarded-For', ip).send({ email }).expect(200);
      }
      expect429(await request(t.http).post('/api/password/send_forgot_email').set('X-Forwarded-For', ip).send({ email: email.toUpperCase() }));
    }
    // The owner, from another IP, is not refused by what a third party did, and gets a new link.
    const mailsBefore = Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM outbox_message WHERE job_name = 'send-password-reset-mail' AND payload->>'to' = $1`, [member.email]))[0].n);
    await request(t.http).post('/api/password/send_forgot_email').set('X-Forwarded-For', newIp()).send({ email: member.email }).expect(200);
    const mailsAfter = Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM outbox_message WHERE job_name = 'send-password-reset-mail' AND payload->>'to' = $1`, [member.email]))[0].n);
    expect(mailsAfter).toBe(mailsBefore + 1);
    // The counters are in Redis (shared by every API replica), under the app's key prefix.
    const raw = new Redis(t.config.redis.url);
    try {
      const keys = await raw.keys(`${t.config.redis.prefix}:rl:forgot-password:*`);
      expect(keys.length).toBeGreaterThanOrEqual(2);
    } finally {
      raw.disconnect();
    }
  });

  it('forgot password: 20 per IP per hour, whatever the addresses; other IPs unaffected', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i += 1) {
      await request(t.http).post('/api/password/send_forgot_email').set('X-Forwarded-For', ip).send({ email: uniqueEmail('balayage') }).expect(200);
    }
    const before = await accountsSnapshot(t.dataSource);
    expect429(await request(t.http).post('/api/password/send_forgot_email').set('X-Forwarded-For', ip).send({ email: uniqueEmail('balayage') }));
    expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    await request(t.http).post('/api/password/send_forgot_email').set('X-Forwarded-For', newIp()).send({ email: uniqueEmail('autre') }).expect(200);
  });

  it('login: 10 attempts per address and IP per 15 minutes; the right password from another IP still gets in', async () => {
    const member = await createTestUser(t.dataSource);
    const attacker = newIp();
    for (let i = 0; i < 10; i += 1) {
      await request(t.http).post('/api/login').set('X-Forwarded-For', attacker).send({ username: member.email, password: 'Faux-Mdp-2026!' }).expect(401);
    }
    const res = await request(t.http).post('/api/login').set('X-Forwarded-For', attacker).send({ username: member.email, password: member.password });
    expect429(res);
    expect(res.body.error).toBe(TOO_MANY); // login errors carry an error field (docs/product/rules.md#R36)
    const owner = await request(t.http).post('/api/login').set('X-Forwarded-For', newIp()).send({ username: member.email, password: member.password }).expect(200);
    expect(owner.body).toEqual({ user: member.email, token: expect.any(String) });
  });

  it('login: many IPs guessing one address slow it down progressively, never lock the owner out', async () => {
    const delays = t.app.get(DelayService);
    const waits: number[] = [];
    const spy = jest.spyOn(delays, 'wait').mockImplementation(async (ms: number) => void waits.push(ms));
    try {
      const member = await createTestUser(t.dataSource);
      const { afterPoints } = AccountRateLimits.login.slowdown;
      // Wrong passwords from many clients, each within its own (address, IP) budget.
      for (let i = 0; i < afterPoints + 6; i += 1) {
        await request(t.http).post('/api/login').set('X-Forwarded-For', `198.18.${Math.floor(i / 5)}.${i % 5}`).send({ username: member.email, password: 'Faux-Mdp-2026!' }).expect(401);
      }
      expect(waits.slice(0, afterPoints).every((ms) => ms === 0)).toBe(true);
      expect(waits.slice(afterPoints)).toEqual([500, 500, 500, 500, 500, 1000]);
      // The owner waits a little too, and gets in.
      const owner = await request(t.http).post('/api/login').set('X-Forwarded-For', newIp()).send({ username: member.email, password: member.password }).expect(200);
      expect(owner.body.token).toEqual(expect.any(String));
      expect(waits.at(-1)).toBe(1000);
    } finally {
      spy.mockRestore();
    }
  });

  it('login: a successful login forgives the earlier typos of that address', async () => {
    const member = await createTestUser(t.dataSource);
    const ip = newIp();
    for (let i = 0; i < 9; i += 1) {
      await request(t.http).post('/api/login').set('X-Forwarded-For', ip).send({ username: member.email, password: 'Faux-Mdp-2026!' }).expect(401);
    }
    await request(t.http).post('/api/login').set('X-Forwarded-For', ip).send({ username: member.email, password: member.password }).expect(200);
    for (let i = 0; i < 9; i += 1) {
      await request(t.http).post('/api/login').set('X-Forwarded-For', ip).send({ username: member.email, password: 'Faux-Mdp-2026!' }).expect(401);
    }
  });

  it('sign-up: 5 per address per hour', async () => {
    const payload = signUpPayload();
    await request(t.http).post('/api/user/new').set('X-Forwarded-For', newIp()).send(payload).expect(200);
    for (let i = 0; i < 4; i += 1) {
      await request(t.http).post('/api/user/new').set('X-Forwarded-For', newIp()).send(payload).expect(400);
    }
    expect429(await request(t.http).post('/api/user/new').set('X-Forwarded-For', newIp()).send(payload));
  });

  it('sign-up: 20 per IP per hour', async () => {
    const ip = newIp();
    const taken = await createTestUser(t.dataSource);
    // Refused sign-ups count as well (the address is taken): nothing is created.
    for (let i = 0; i < 20; i += 1) {
      await request(t.http).post('/api/user/new').set('X-Forwarded-For', ip).send(signUpPayload({ mail: i % 4 === 0 ? taken.email : uniqueEmail('lot') })).expect((r) => expect([200, 400]).toContain(r.status));
    }
    expect429(await request(t.http).post('/api/user/new').set('X-Forwarded-For', ip).send(signUpPayload()));
  });

  it('resend activation: 3 per address and IP per hour', async () => {
    const waiting = await createTestUser(t.dataSource, { activated: false });
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) {
      await request(t.http).post('/api/login/new/email').set('X-Forwarded-For', ip).send({ email: waiting.email }).expect(200);
    }
    expect429(await request(t.http).post('/api/login/new/email').set('X-Forwarded-For', ip).send({ email: waiting.email }));
    await request(t.http).post('/api/login/new/email').set('X-Forwarded-For', newIp()).send({ email: waiting.email }).expect(200);
  });

  it('reset: 10 attempts per address and IP per hour; a third party cannot spoil the owner’s link', async () => {
    const member = await createTestUser(t.dataSource);
    const body = { email: member.email, password: 'Bonjour-2026!', passwordConfirm: 'Bonjour-2026!' };
    const ip = newIp();
    for (let i = 0; i < 10; i += 1) {
      await request(t.http).post('/api/password/reset').set('X-Forwarded-For', ip).send({ ...body, token: `essai-${i}` }).expect(400);
    }
    expect429(await request(t.http).post('/api/password/reset').set('X-Forwarded-For', ip).send({ ...body, token: 'essai-x' }));
    await request(t.http).post('/api/password/send_forgot_email').set('X-Forwarded-For', newIp()).send({ email: member.email }).expect(200);
    const link = await resetLink(t.dataSource, member.email);
    await request(t.http).post('/api/password/reset').set('X-Forwarded-For', newIp()).send({ ...body, token: link.token }).expect(200);
  });

  it('profile: 10 wrong current passwords per account per 15 minutes', async () => {
    const member = await createTestUser(t.dataSource);
    for (let i = 0; i < 10; i += 1) {
      await request(t.http).post('/api/user/delete').set(member.headers).send({ oldPassword: 'Faux-Mdp-2026!' }).expect(400);
    }
    const res = await request(t.http).post('/api/user/delete').set(member.headers).send({ oldPassword: member.password });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ success: false, message: TOO_MANY });
  });

  it('RATE_LIMIT_ENABLED=false switches every limit off', async () => {
    const off = await createAccountsTestApp('rate-limit-off', { RATE_LIMIT_ENABLED: 'false' });
    try {
      const email = uniqueEmail('sans-limite');
      for (let i = 0; i < 6; i += 1) {
        await request(off.http).post('/api/password/send_forgot_email').send({ email }).expect(200);
      }
    } finally {
      await off.close();
    }
  });
});
