import request from 'supertest';
import { CommonMessages } from '@outils/contracts';
import { DelayService } from '../../src/common/rate-limit/delay.service';
import { PasswordHasher } from '../../src/modules/accounts/password-hasher';
import { FORGOT_ANSWER_MIN_MS } from '../../src/modules/accounts/password-reset.service';
import { accountsSnapshot, accountsTestEnv, signUpPayload, uniqueEmail } from '../factories/accounts.factory';
import { createTestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

/**
 * Account answers that tell nothing about who has an account, and addresses that cannot carry
 * a mail header. Timings are not measured here (npm run drills does, docs/resilience.md): the
 * tests check that both kinds of address go through the same work.
 */
describe('accounts: equal answers for known and unknown addresses, no CR/LF in addresses', () => {
  const t = useTestApp({ env: accountsTestEnv('security', { RATE_LIMIT_ENABLED: 'false' }) });

  it('reset: an unknown address and a known one with a wrong link go through the same steps (no hashing) and get the same answer', async () => {
    const hash = jest.spyOn(t.app.get(PasswordHasher), 'hash');
    try {
      const member = await createTestUser(t.dataSource);
      const body = { token: 'x'.repeat(43), password: 'Bonjour-2026!', passwordConfirm: 'Bonjour-2026!' };
      const known = await request(t.http).post('/api/password/reset').send({ ...body, email: member.email }).expect(400);
      const unknown = await request(t.http).post('/api/password/reset').send({ ...body, email: uniqueEmail('inconnu') }).expect(400);
      expect(known.body).toEqual(unknown.body);
      expect(hash).not.toHaveBeenCalled();
    } finally {
      hash.mockRestore();
    }
  });

  it('forgot password: both answers wait until the same minimum time after arrival', async () => {
    const waits: number[] = [];
    const wait = jest.spyOn(t.app.get(DelayService), 'wait').mockImplementation(async (ms: number) => void waits.push(ms));
    try {
      const member = await createTestUser(t.dataSource);
      await request(t.http).post('/api/password/send_forgot_email').send({ email: member.email }).expect(200);
      await request(t.http).post('/api/password/send_forgot_email').send({ email: uniqueEmail('inconnu') }).expect(200);
      // Each answer was held back to FORGOT_ANSWER_MIN_MS after the lookup started (what is left of it).
      const padded = waits.filter((ms) => ms > 0);
      expect(padded).toHaveLength(2);
      for (const ms of padded) expect(ms).toBeLessThanOrEqual(FORGOT_ANSWER_MIN_MS);
      expect(Math.min(...padded)).toBeGreaterThan(FORGOT_ANSWER_MIN_MS / 2);
    } finally {
      wait.mockRestore();
    }
  });

  it.each([
    ['a trailing CR/LF', 'camille.crlf@example.com\r\n'],
    ['a header after CR/LF', 'camille.crlf@example.com\r\nBcc: victime@example.com'],
    ['a bare LF', 'camille.crlf@example.com\n'],
  ])('refuses an address with %s on sign-up, profile, forgot, resend and newsletter, changing nothing', async (_label, address) => {
    const member = await createTestUser(t.dataSource);
    const before = await accountsSnapshot(t.dataSource);
    const signUp = await request(t.http).post('/api/user/new').send(signUpPayload({ mail: address })).expect(400);
    expect(signUp.body.errors.mail).toEqual([CommonMessages.invalidEmail]);
    await request(t.http).post('/api/user/update').set(member.headers).send({ mail: address, oldPassword: member.password }).expect(400);
    await request(t.http).post('/api/password/send_forgot_email').send({ email: address }).expect(400);
    await request(t.http).post('/api/login/new/email').send({ email: address }).expect(400);
    await request(t.http).post('/api/mailjet/register').send({ email: address, consent: true }).expect(400);
    expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    const subscribers = await t.dataSource.query(`SELECT count(*)::int AS n FROM newsletter_subscriber WHERE email LIKE 'camille.crlf%'`);
    expect(subscribers[0].n).toBe(0);
  });
});
