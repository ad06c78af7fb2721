import request from 'supertest';
import { AccountMessages, CommonMessages } from '@outils/contracts';
import { DelayService } from '../../src/common/rate-limit/delay.service';
import { LOGIN_PASSWORD_CEILING } from '../../src/modules/accounts/account-rate-limits';
import { PASSWORD_CHECKS_AT_ONCE, PasswordHasher } from '../../src/modules/accounts/password-hasher';
import { createAccountsTestApp, latestMailJob, linkParams, signUpPayload, uniqueEmail } from '../factories/accounts.factory';
import { createTestUser } from '../factories/user.factory';
import type { TestApp } from '../setup/test-app';

/**
 * Budgets per network and per account (docs/product/rules.md#R768, #R769, #R770, #R771), against
 * PostgreSQL and Redis. Client addresses come as X-Forwarded-For from the loopback proxy, which
 * the test configuration trusts.
 */
describe('accounts: budgets per network and per account', () => {
  let t: TestApp;
  let network = 0;
  /** A fresh IPv6 /64, and addresses inside it. */
  const newNetwork = () => {
    network += 1;
    return (host: number) => `2001:db8:${network.toString(16)}:7::${host.toString(16)}`;
  };
  let ipv4 = 0;
  const newIpv4 = () => `192.0.2.${++ipv4}`;

  beforeAll(async () => {
    t = await createAccountsTestApp('budgets');
    // The progressive delays are not what is tested here.
    jest.spyOn(t.app.get(DelayService), 'wait').mockResolvedValue(undefined);
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string, ip: string) => request(t.http).post('/api/login').set('X-Forwarded-For', ip).send({ username, password });

  describe('an IPv6 client counts by its /64', () => {
    it('per IP: the forgotten-password budget (20 an hour) is spent by the whole /64, another /64 is not touched', async () => {
      const inside = newNetwork();
      for (let i = 1; i <= 20; i += 1) {
        await request(t.http).post('/api/password/send_forgot_email').set('X-Forwarded-For', inside(i)).send({ email: uniqueEmail('balayage') }).expect(200);
      }
      const refused = await request(t.http).post('/api/password/send_forgot_email').set('X-Forwarded-For', inside(0xfffe)).send({ email: uniqueEmail('balayage') }).expect(429);
      expect(refused.body.message).toBe(CommonMessages.tooManyRequests);
      await request(t.http).post('/api/password/send_forgot_email').set('X-Forwarded-For', newNetwork()(1)).send({ email: uniqueEmail('voisin') }).expect(200);
    });

    it('per IP on a public write: the newsletter registrations (10 an hour) of a /64 are one budget', async () => {
      const inside = newNetwork();
      const register = (host: number) =>
        request(t.http).post('/api/mailjet/register').set('X-Forwarded-For', inside(host)).send({ email: uniqueEmail('lettre'), consent: true, source: 'home' });
      for (let i = 1; i <= 10; i += 1) expect((await register(i)).status).toBe(200);
      const refused = await register(0xabc);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(CommonMessages.tooManyRequestsFromIp);
    });

    it('per address and IP: 10 wrong passwords from a /64, whatever its addresses; the owner from elsewhere gets in', async () => {
      const member = await createTestUser(t.dataSource);
      const inside = newNetwork();
      for (let i = 1; i <= 10; i += 1) await login(member.email, 'Faux-Mdp-2026!', inside(i)).expect(401);
      await login(member.email, member.password, inside(0x99)).expect(429);
      await login(member.email, member.password, newNetwork()(1)).expect(200);
    });
  });

  describe('a ceiling of wrong passwords per account, across every client address', () => {
    /** Wrong passwords from many IPv4 clients, each well inside its own budgets. */
    async function guessFromEverywhere(username: string, times: number) {
      for (let i = 0; i < times; i += 1) {
        const res = await login(username, 'Faux-Mdp-2026!', i % 5 === 0 ? newIpv4() : `192.0.2.${ipv4}`);
        expect(res.status).toBe(401);
      }
    }

    it('refuses the password alone past it, offers a login link, and the link lets the owner in once', async () => {
      const member = await createTestUser(t.dataSource, { firstName: 'Noé' });
      await guessFromEverywhere(member.email, LOGIN_PASSWORD_CEILING);
      const paused = await login(member.email, member.password, newNetwork()(1)).expect(401);
      expect(paused.body).toEqual({ error: AccountMessages.loginPasswordPaused, loginLink: true });

      const sent = await request(t.http).post('/api/login/link').set('X-Forwarded-For', newNetwork()(1)).send({ email: member.email.toUpperCase() }).expect(200);
      expect(sent.body).toEqual({ message: AccountMessages.loginLinkSent });
      const row = await latestMailJob(t.dataSource, 'send-login-link-mail', member.email);
      expect(row?.payload).toMatchObject({ to: member.email, firstName: 'Noé' });
      const link = linkParams(String(row?.payload.loginUrl));
      expect(`${link.origin}${link.path}`).toBe(`${t.config.urls.web}/login/link`);
      expect(link.email).toBe(member.email);

      const opened = await request(t.http).post('/api/login/link/confirm').set('X-Forwarded-For', newNetwork()(1)).send({ email: link.email, token: link.token }).expect(200);
      expect(opened.body).toEqual({ user: member.email, token: expect.any(String) });
      await request(t.http).get('/api/user/show').set({ userEmail: member.email, userToken: opened.body.token }).expect(200);
      const again = await request(t.http).post('/api/login/link/confirm').set('X-Forwarded-For', newNetwork()(1)).send({ email: link.email, token: link.token }).expect(400);
      expect(again.body).toEqual({ message: AccountMessages.loginLinkInvalid });
      const tampered = await request(t.http).post('/api/login/link/confirm').set('X-Forwarded-For', newNetwork()(1)).send({ email: link.email, token: `${link.token}x` }).expect(400);
      expect(tampered.body).toEqual({ message: AccountMessages.loginLinkInvalid });
    });

    it('answers an unknown address the same way, and mails no link to it nor to an account not yet activated', async () => {
      const unknown = uniqueEmail('inconnu');
      await guessFromEverywhere(unknown, LOGIN_PASSWORD_CEILING);
      const paused = await login(unknown, 'Faux-Mdp-2026!', newNetwork()(1)).expect(401);
      expect(paused.body).toEqual({ error: AccountMessages.loginPasswordPaused, loginLink: true });

      const payload = signUpPayload();
      await request(t.http).post('/api/user/new').set('X-Forwarded-For', newIpv4()).send(payload).expect(200);
      for (const email of [unknown, String(payload.mail)]) {
        const sent = await request(t.http).post('/api/login/link').set('X-Forwarded-For', newNetwork()(1)).send({ email }).expect(200);
        expect(sent.body).toEqual({ message: AccountMessages.loginLinkSent });
        expect(await latestMailJob(t.dataSource, 'send-login-link-mail', email)).toBeNull();
      }
    });

    it('leaves an account under the ceiling alone: the owner logs in with the password', async () => {
      const member = await createTestUser(t.dataSource);
      await guessFromEverywhere(member.email, LOGIN_PASSWORD_CEILING - 1);
      await login(member.email, member.password, newNetwork()(1)).expect(200);
    });
  });

  it('bounds the password checks running at once: past the wait, a French 503, then the service answers again', async () => {
    const member = await createTestUser(t.dataSource);
    const { gate } = t.app.get(PasswordHasher);
    const held = await Promise.all(Array.from({ length: PASSWORD_CHECKS_AT_ONCE }, () => gate.acquire()));
    try {
      const busy = await login(member.email, member.password, newNetwork()(1));
      expect(busy.status).toBe(503);
      expect(busy.body.error).toBe(CommonMessages.serviceBusy);
      expect(gate.queued).toBe(0);
    } finally {
      held.forEach((release) => release());
    }
    await login(member.email, member.password, newNetwork()(1)).expect(200);
  });
});
