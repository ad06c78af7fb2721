import request from 'supertest';
import { CatalogueMessages, CommonMessages } from '@outils/contracts';
import { createTestApp, TestApp } from '../setup/test-app';

describe('catalogue: newsletter registration (real PostgreSQL, outbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One client registering many times: the per-IP limit has its own test (security-public-limits).
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  const subscriber = async (email: string) =>
    (await t.dataSource.query(`SELECT id, consent, consent_at, source FROM newsletter_subscriber WHERE email = $1`, [email]))[0];
  const syncJobs = async (id: string) =>
    Number((await t.dataSource.query(
      `SELECT count(*)::int AS n FROM outbox_message WHERE job_name = 'sync-newsletter-subscriber' AND payload->>'subscriberId' = $1`, [id],
    ))[0].n);

  it('stores an address without consent (source popup by default) and queues nothing', async () => {
    const res = await request(t.http).post('/api/mailjet/register').field('email', '  Lea.Martin@Example.com ').expect(200);
    expect(res.body).toEqual({ message: CatalogueMessages.newsletterRegistered });
    const row = await subscriber('lea.martin@example.com');
    expect(row).toMatchObject({ consent: false, consent_at: null, source: 'popup' });
    expect(await syncJobs(row.id)).toBe(0);
  });

  it('records consent with its date and source, and queues the sync job in the outbox', async () => {
    await request(t.http).post('/api/mailjet/register').send({ email: 'lea.martin@example.com', consent: true, source: 'download' }).expect(200);
    const row = await subscriber('lea.martin@example.com');
    expect(row).toMatchObject({ consent: true, source: 'download' });
    expect(Date.now() - new Date(row.consent_at).getTime()).toBeLessThan(60_000);
    expect(await syncJobs(row.id)).toBe(1);
  });

  it('answers the same to a second registration and never withdraws a consent', async () => {
    const before = await subscriber('lea.martin@example.com');
    const res = await request(t.http).post('/api/mailjet/register').type('form').send({ email: 'lea.martin@example.com', consent: 'false', source: 'home' }).expect(200);
    expect(res.body).toEqual({ message: CatalogueMessages.newsletterRegistered });
    const after = await subscriber('lea.martin@example.com');
    expect(after).toEqual(before);
    expect(Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM newsletter_subscriber WHERE email = 'lea.martin@example.com'`))[0].n)).toBe(1);
    // Consenting again queues nothing more (Mailjet is not configured in this run).
    await request(t.http).post('/api/mailjet/register').send({ email: 'lea.martin@example.com', consent: true }).expect(200);
    expect(await syncJobs(after.id)).toBe(1);
  });

  it('accepts the checkbox value "on" and each source of the contract', async () => {
    for (const source of ['home', 'popup', 'download', 'profile']) {
      await request(t.http).post('/api/mailjet/register').field('email', `${source}@example.com`).field('consent', 'on').field('source', source).expect(200);
      expect(await subscriber(`${source}@example.com`)).toMatchObject({ consent: true, source });
    }
  });

  it.each([
    [{}, { email: [CommonMessages.required('email')] }],
    [{ email: 'pas-une-adresse' }, { email: [CommonMessages.invalidEmail] }],
    [{ email: `${'a'.repeat(250)}@example.com` }, { email: [CommonMessages.invalidEmail] }],
    [{ email: ['a@example.com', 'b@example.com'] }, { email: [CommonMessages.invalidEmail] }],
    [{ email: 'x@example.com', consent: 'peut-être' }, { consent: [CatalogueMessages.consentInvalid] }],
    [{ email: 'x@example.com', source: 'facebook' }, { source: [CatalogueMessages.newsletterSourceInvalid] }],
  ])('refuses %j with a French 400 and stores nothing', async (body, errors) => {
    const res = await request(t.http).post('/api/mailjet/register').send(body).expect(400);
    expect(res.body).toEqual({ errors });
    expect(await subscriber('x@example.com')).toBeUndefined();
  });
});

describe('catalogue: newsletter registration with Mailjet configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAILJET_API_KEY: 'k', MAILJET_API_SECRET: 's', MAILJET_LIST_ID: '1', MAILJET_API_URL: 'http://127.0.0.1:9' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues the sync again for a subscriber not yet synced, not once synced', async () => {
    const register = () => request(t.http).post('/api/mailjet/register').send({ email: 'relance@example.com', consent: true }).expect(200);
    const jobs = async () =>
      Number((await t.dataSource.query(
        `SELECT count(*)::int AS n FROM outbox_message o JOIN newsletter_subscriber s ON s.id::text = o.payload->>'subscriberId'
          WHERE s.email = 'relance@example.com'`,
      ))[0].n);
    await register();
    await register();
    expect(await jobs()).toBe(2);
    await t.dataSource.query(`UPDATE newsletter_subscriber SET synced_at = now() WHERE email = 'relance@example.com'`);
    await register();
    expect(await jobs()).toBe(2);
  });
});
