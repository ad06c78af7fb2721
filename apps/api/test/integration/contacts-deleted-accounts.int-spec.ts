import request from 'supertest';
import { InsightsApiRoutes } from '@outils/contracts';
import { parisDay } from '@outils/server-db';
import { binary, pathOf } from '../factories/downloads';
import { signUpActivateAndLogin } from '../factories/accounts.factory';
import { createTestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

/**
 * A deleted account's address leaves the admin's contacts, the list and its CSV, as the deletion
 * dialog promises; only the proof of a consent that was confirmed is kept, out of sight
 * (docs/product/rules.md#R742). The CSV speaks French, not codes (docs/product/rules.md#R743).
 */
describe('contacts: a deleted account’s address leaves them (real PostgreSQL)', () => {
  const t = useTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  let admin: TestUser;
  let toolId: number;

  beforeAll(async () => {
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    toolId = (await createTestTool(t, { name: 'Outil des contacts' })).id;
  });

  // The export's range is in Paris days (R677): between 22:00 and midnight UTC, Paris is already tomorrow.
  const today = parisDay();
  const leads = async (email: string) =>
    (await request(t.http).get(`${InsightsApiRoutes.leads}?q=${encodeURIComponent(email)}`).set(admin.headers).expect(200)).body.leads as Array<Record<string, unknown>>;
  const csv = async () => {
    const { body } = await request(t.http).post(InsightsApiRoutes.exportLink).set(admin.headers).send({ kind: 'leads', from: today, to: today }).expect(200);
    return ((await request(t.http).get(pathOf(body.url)).buffer(true).parse(binary).expect(200)).body as Buffer).toString('utf8');
  };
  const confirmLink = async (email: string) => {
    const [row] = await t.dataSource.query(
      `SELECT payload->>'confirmUrl' AS url FROM outbox_message WHERE job_name = 'send-newsletter-confirmation-mail' AND payload->>'to' = $1 ORDER BY id DESC LIMIT 1`, [email],
    );
    const u = new URL(row.url);
    return { id: u.searchParams.get('id'), token: u.searchParams.get('token') };
  };
  const remove = (member: { email: string; token: string; password: string }) =>
    request(t.http).post('/api/user/delete').set({ userEmail: member.email, userToken: member.token }).send({ oldPassword: member.password }).expect(200);
  const subscriber = async (email: string) =>
    (await t.dataSource.query(`SELECT id, status, account_deleted_at FROM newsletter_subscriber WHERE email = $1`, [email]))[0];

  it('a member waiting for the confirmation (sign-up box ticked) who downloaded: gone from the list and the CSV, nothing kept', async () => {
    const member = await signUpActivateAndLogin(t, { newsletter: '1' });
    await t.dataSource.query(`INSERT INTO download_log (tool_id, email) VALUES ($1, $2)`, [toolId, member.email]);
    expect(await leads(member.email)).toEqual([expect.objectContaining({ email: member.email, newsletterStatus: 'pending', downloads: 1 })]);
    const before = await csv();
    // French words, not codes (R743).
    expect(before).toContain(`${member.email};Création de compte;En attente;`);
    expect(before).not.toMatch(/;(signup|pending|popup|subscribed);/);

    await remove(member);
    expect(await leads(member.email)).toEqual([]);
    expect(await csv()).not.toContain(member.email);
    // A registration never confirmed is no consent: nothing of it is kept.
    expect(await subscriber(member.email)).toBeUndefined();
  });

  it('a confirmed subscriber: the newsletter ends (withdrawn from the list), the proof stays out of the contacts; a new registration is a new contact', async () => {
    const member = await signUpActivateAndLogin(t, { newsletter: '1' });
    await request(t.http).post('/api/newsletter/confirm').send(await confirmLink(member.email)).expect(200);
    expect(await leads(member.email)).toEqual([expect.objectContaining({ newsletterStatus: 'subscribed' })]);

    await remove(member);
    expect(await leads(member.email)).toEqual([]);
    expect(await csv()).not.toContain(member.email);
    const kept = await subscriber(member.email);
    expect(kept).toMatchObject({ status: 'unsubscribed', account_deleted_at: expect.any(Date) });
    const events = await t.dataSource.query(`SELECT kind FROM newsletter_event WHERE subscriber_id = $1 ORDER BY id`, [kept.id]);
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(['requested', 'confirmed', 'unsubscribed']);
    const syncs = await t.dataSource.query(`SELECT count(*)::int AS n FROM outbox_message WHERE job_name = 'sync-newsletter-subscriber' AND payload->>'subscriberId' = $1`, [kept.id]);
    expect(syncs[0].n).toBe(2); // addforce at the confirmation, unsub at the deletion

    // The same address registers again from the home page: a new consent, a contact again.
    await request(t.http).post('/api/mailjet/register').send({ email: member.email, consent: true, source: 'popup' }).expect(200);
    expect(await leads(member.email)).toEqual([expect.objectContaining({ newsletterStatus: 'pending', newsletterSource: 'popup' })]);
    expect(await csv()).toContain(`${member.email};Fenêtre « Restez cool »;En attente;`);
  });
});
