import request from 'supertest';
import { AccountMessages } from '@outils/contracts';
import { UserEntity } from '@outils/server-db';
import { accountsSnapshot, createAccountsTestApp, latestMailJob, linkParams, uniqueEmail } from '../factories/accounts.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import type { TestApp } from '../setup/test-app';

/**
 * An e-mail change proven by the new mailbox (docs/product/rules.md#R760, #R761, #R762), against
 * PostgreSQL and Redis: asking moves nothing, the link mailed to the new address moves the
 * account once, and the member can cancel.
 */
describe('accounts: e-mail change proven by the new mailbox', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createAccountsTestApp('email-change');
  });
  afterAll(async () => {
    await t.close();
  });

  const userRow = (id: string) => t.dataSource.getRepository(UserEntity).findOneByOrFail({ id });
  const ask = (member: TestUser, mail: string) =>
    request(t.http).post('/api/user/update').set(member.headers).send({ mail, oldPassword: member.password });
  const confirm = (body: object, headers: Record<string, string> = {}) => request(t.http).post('/api/user/email/confirm').set(headers).send(body);

  async function confirmLink(newEmail: string) {
    const row = await latestMailJob(t.dataSource, 'send-email-change-confirm-mail', newEmail);
    if (!row) throw new Error(`no confirmation mail for ${newEmail}`);
    return { url: String(row.payload.confirmUrl), ...linkParams(String(row.payload.confirmUrl)) };
  }

  it('keeps the account on its address, answers the address in force, mails the link to the new address and the notice to the old one', async () => {
    const member = await createTestUser(t.dataSource, { firstName: 'Hugo' });
    const newEmail = uniqueEmail('nouvelle');
    const res = await ask(member, newEmail.toUpperCase()).expect(200);
    expect(res.body).toEqual({ message: AccountMessages.emailChangeSent(newEmail), userMail: member.email, pendingEmail: newEmail });

    expect((await userRow(member.user.id)).email).toBe(member.email);
    const show = await request(t.http).get('/api/user/show').set(member.headers).expect(200);
    expect(show.body.userData).toMatchObject({ email: member.email, pendingEmail: newEmail });
    await request(t.http).post('/api/login').send({ username: member.email, password: member.password }).expect(200);
    await request(t.http).post('/api/login').send({ username: newEmail, password: member.password }).expect(401);

    const link = await confirmLink(newEmail);
    expect(link.url).toBe(`${t.config.urls.web}/profile/email-confirmed?${new URLSearchParams({ email: newEmail, token: link.token }).toString()}`);
    expect(link.token.length).toBeGreaterThanOrEqual(40);
    const notice = await latestMailJob(t.dataSource, 'send-email-change-requested-mail', member.email);
    expect(notice?.payload).toMatchObject({ to: member.email, firstName: 'Hugo', newEmail });
    // Nothing tells the former address that the change was made yet.
    expect(await latestMailJob(t.dataSource, 'send-email-changed-mail', member.email)).toBeNull();
  });

  it('moves the account once when the link is followed: sessions go on under the new address, login works with it only, the old address is told', async () => {
    const member = await createTestUser(t.dataSource, { firstName: 'Inès' });
    const newEmail = uniqueEmail('prouvee');
    await ask(member, newEmail).expect(200);
    const link = await confirmLink(newEmail);

    const done = await confirm({ email: link.email, token: link.token }).expect(200);
    expect(done.body).toEqual({ message: AccountMessages.emailChangeDone, userMail: newEmail, ownSession: false });
    expect((await userRow(member.user.id)).email).toBe(newEmail);

    const show = await request(t.http).get('/api/user/show').set({ userEmail: newEmail, userToken: member.token }).expect(200);
    expect(show.body.userData).toMatchObject({ email: newEmail, pendingEmail: null });
    await request(t.http).post('/api/login').send({ username: newEmail, password: member.password }).expect(200);
    await request(t.http).post('/api/login').send({ username: member.email, password: member.password }).expect(401);
    const changed = await latestMailJob(t.dataSource, 'send-email-changed-mail', member.email);
    expect(changed?.payload).toMatchObject({ to: member.email, firstName: 'Inès', newEmail });

    // Single use.
    const before = await accountsSnapshot(t.dataSource);
    const again = await confirm({ email: link.email, token: link.token }).expect(400);
    expect(again.body).toEqual({ message: AccountMessages.emailChangeInvalid });
    expect(await accountsSnapshot(t.dataSource)).toEqual(before);
  });

  it('tells a signed-in caller that the account that moved is theirs, so the web stores the new address', async () => {
    const member = await createTestUser(t.dataSource);
    const newEmail = uniqueEmail('connectee');
    await ask(member, newEmail).expect(200);
    const link = await confirmLink(newEmail);
    const done = await confirm({ email: link.email, token: link.token }, member.headers).expect(200);
    expect(done.body.ownSession).toBe(true);
  });

  it('refuses a tampered token, another address, an expired link and malformed input with a French 400 that changes nothing', async () => {
    const member = await createTestUser(t.dataSource);
    const newEmail = uniqueEmail('falsifiee');
    await ask(member, newEmail).expect(200);
    const link = await confirmLink(newEmail);
    const before = await accountsSnapshot(t.dataSource);

    const tampered = `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await confirm({ email: newEmail, token: tampered }).expect(400)).body).toEqual({ message: AccountMessages.emailChangeInvalid });
    expect((await confirm({ email: uniqueEmail('autre'), token: link.token }).expect(400)).body).toEqual({ message: AccountMessages.emailChangeInvalid });
    const malformed = await confirm({ email: 'pas-une-adresse', token: link.token }).expect(400);
    expect(JSON.stringify(malformed.body)).toMatch(/adresse e-mail/);
    await confirm({ email: newEmail }).expect(400);
    expect(await accountsSnapshot(t.dataSource)).toEqual(before);

    // Valid 24 hours: a link past its time changes nothing either.
    await t.dataSource.query(`UPDATE one_time_token SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'email-change'`, [member.user.id]);
    expect((await confirm({ email: link.email, token: link.token }).expect(400)).body).toEqual({ message: AccountMessages.emailChangeInvalid });
    expect((await userRow(member.user.id)).email).toBe(member.email);
  });

  it('gives the link 24 hours', async () => {
    const member = await createTestUser(t.dataSource);
    await ask(member, uniqueEmail('duree')).expect(200);
    const [{ hours }] = await t.dataSource.query(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 3600) AS hours FROM one_time_token WHERE user_id = $1 AND purpose = 'email-change'`,
      [member.user.id],
    );
    expect(Number(hours)).toBe(24);
  });

  it('refuses an address taken when asked, and one taken before the link is followed, changing nothing', async () => {
    const member = await createTestUser(t.dataSource);
    const other = await createTestUser(t.dataSource);
    const taken = await ask(member, other.email).expect(400);
    expect(taken.body).toEqual({ errors: { detail: AccountMessages.emailTaken } });
    expect(await latestMailJob(t.dataSource, 'send-email-change-confirm-mail', other.email)).toBeNull();

    const newEmail = uniqueEmail('course');
    await ask(member, newEmail).expect(200);
    const link = await confirmLink(newEmail);
    await createTestUser(t.dataSource, { email: newEmail });
    const res = await confirm({ email: link.email, token: link.token }).expect(400);
    expect(res.body).toEqual({ message: AccountMessages.emailTaken });
    expect((await userRow(member.user.id)).email).toBe(member.email);
  });

  it('lets the member cancel the pending change: the link stops working; a new request replaces the former link', async () => {
    const member = await createTestUser(t.dataSource);
    const first = uniqueEmail('premiere');
    await ask(member, first).expect(200);
    const firstLink = await confirmLink(first);
    const second = uniqueEmail('seconde');
    await ask(member, second).expect(200);
    expect((await request(t.http).get('/api/user/show').set(member.headers).expect(200)).body.userData.pendingEmail).toBe(second);
    await confirm({ email: firstLink.email, token: firstLink.token }).expect(400);

    const secondLink = await confirmLink(second);
    const cancelled = await request(t.http).post('/api/user/email/cancel').set(member.headers).expect(200);
    expect(cancelled.body).toEqual({ message: AccountMessages.emailChangeCancelled });
    expect((await request(t.http).get('/api/user/show').set(member.headers).expect(200)).body.userData.pendingEmail).toBeNull();
    await confirm({ email: secondLink.email, token: secondLink.token }).expect(400);
    expect((await userRow(member.user.id)).email).toBe(member.email);

    const nothing = await request(t.http).post('/api/user/email/cancel').set(member.headers).expect(400);
    expect(nothing.body).toEqual({ message: AccountMessages.emailChangeNothingPending });
    await request(t.http).post('/api/user/email/cancel').expect(401);
  });

  it('moves nothing keyed by an address before the link is followed: the newsletter switch acts on the address in force', async () => {
    const member = await createTestUser(t.dataSource);
    const newEmail = uniqueEmail('abonnement');
    await request(t.http).post('/api/user/update').set(member.headers).send({ mail: newEmail, oldPassword: member.password, newsletter: true }).expect(200);
    const rows: Array<{ email: string }> = await t.dataSource.query(`SELECT email FROM newsletter_subscriber WHERE email IN ($1, $2)`, [member.email, newEmail]);
    expect(rows.map((r) => r.email)).toEqual([member.email]);
  });
});
