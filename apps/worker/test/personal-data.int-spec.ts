import type { Job } from 'bullmq';
import request from 'supertest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MyDataExportLimits, PersonalDataMessages } from '@outils/contracts';
import { OutboxMessageEntity } from '@outils/server-db';
import { CaughtMail, linkFrom, waitUntil } from '@outils/server-testing';
import { HousekeepingHandlers } from '../src/housekeeping/housekeeping.handlers';
import { MailjetClient, MailjetRejectedError } from '../src/newsletter/mailjet.client';
import { NewsletterQueueProcessor } from '../src/queues/newsletter-queue.processor';
import { FakeMailjet, mailjetEnv } from './fake-mailjet';
import { TEST_WEB_URL as WEB_URL, workerTestConfig } from './support/test-worker';
import { useApiAndWorker } from './support/api-and-worker';
// Test-only cross-app imports: the real API next to the real worker.
import { createTestUser } from '../../api/test/factories/user.factory';
import { createTestTool } from '../../api/test/factories/tool.factory';
import { binary, unzip } from '../../api/test/factories/zip';

const to = (address: string) => (mail: CaughtMail) => mail.to.some((t) => t.address === address);

describe('Mailjet client (fake Mailjet server)', () => {
  let fake: FakeMailjet;
  let url: string;
  beforeAll(async () => {
    fake = new FakeMailjet();
    url = await fake.start();
  });
  afterAll(() => fake.close());

  it('posts the contact and the action to the list with basic auth; a 4xx is final, a 5xx worth retrying', async () => {
    const client = new MailjetClient(workerTestConfig(mailjetEnv(url)));
    await client.manageContact('lea@example.com', 'unsub');
    expect(fake.received).toEqual([{
      method: 'POST',
      url: '/v3/REST/contactslist/10%2020/managecontact',
      authorization: `Basic ${Buffer.from('public-key:secret-key').toString('base64')}`,
      contentType: 'application/json',
      body: { Email: 'lea@example.com', Action: 'unsub' },
    }]);
    fake.status = 400;
    await expect(client.manageContact('bad@example.com', 'addforce')).rejects.toBeInstanceOf(MailjetRejectedError);
    fake.status = 503;
    const error = await client.manageContact('later@example.com', 'addforce').catch((e: Error) => e);
    expect(error).not.toBeInstanceOf(MailjetRejectedError);
    expect((error as Error).message).toContain('503');
  });
});

/**
 * The whole way through (docs/product/rules.md#R450–R458): the real API, the real worker
 * (outbox relay → BullMQ → SMTP catcher, sync → Mailjet fake), on this run's database.
 */
describe('newsletter double opt-in and one-click unsubscribe (API + worker + SMTP + Mailjet fake)', () => {
  const fake = new FakeMailjet();
  let mailjetUrl: string;
  beforeAll(async () => {
    mailjetUrl = await fake.start();
  });
  afterAll(() => fake.close());
  const stack = useApiAndWorker('newsletter', { workerEnv: () => mailjetEnv(mailjetUrl) });

  const status = async (email: string) => (await stack.dataSource.query(`SELECT status FROM newsletter_subscriber WHERE email = $1`, [email]))[0]?.status;
  const allSent = async () => Number((await stack.dataSource.query(`SELECT count(*)::int AS n FROM outbox_message WHERE sent_at IS NULL`))[0].n) === 0;
  const mailjetCallsFor = (email: string) => fake.received.filter((c) => (c.body as { Email: string }).Email === email).map((c) => (c.body as { Action: string }).Action);
  const pathOf = (url: string) => { const u = new URL(url); return `${u.pathname}${u.search}`; };

  it('popup → confirmation mail with one-click headers → link → Mailjet addforce → one-click POST → Mailjet unsub', async () => {
    const email = `popup.${Date.now().toString(36)}@exemple.fr`;
    await request(stack.api.http).post('/api/mailjet/register').send({ email, consent: true, source: 'popup' }).expect(200);

    const mail = await stack.smtp.waitFor(to(email));
    expect(mail.subject).toBe('Confirmez votre inscription à la newsletter Outils');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(http:\/\/127\.0\.0\.1:3999\/api\/newsletter\/unsubscribe\?id=[^>]+)>$/.exec(String(mail.headers['list-unsubscribe']).replace(/\s+/g, ''))?.[1];
    expect(oneClick).toBeDefined();
    const visible = linkFrom(mail, `${WEB_URL}/newsletter/unsubscribe?`);
    expect(new URL(visible).search).toBe(new URL(oneClick!).search);
    // Nothing is pushed to the list before the confirmation; the mail's links left the outbox row.
    await waitUntil(allSent);
    expect(mailjetCallsFor(email)).toEqual([]);
    expect(JSON.stringify((await stack.dataSource.getRepository(OutboxMessageEntity).findBy({ jobName: 'send-newsletter-confirmation-mail' })).map((r) => r.payload))).not.toContain('token=');

    const confirm = new URL(linkFrom(mail, `${WEB_URL}/newsletter/confirmed?`));
    const confirmed = await request(stack.api.http).post('/api/newsletter/confirm')
      .send({ id: confirm.searchParams.get('id'), token: confirm.searchParams.get('token') }).expect(200);
    expect(confirmed.body).toEqual({ message: PersonalDataMessages.newsletterConfirmed });
    await waitUntil(async () => mailjetCallsFor(email).length === 1);
    expect(mailjetCallsFor(email)).toEqual(['addforce']);

    // What a mail client sends for its "unsubscribe" button (RFC 8058).
    await request(stack.api.http).post(pathOf(oneClick!)).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(await status(email)).toBe('unsubscribed');
    await waitUntil(async () => mailjetCallsFor(email).length === 2);
    await waitUntil(allSent);
    expect(mailjetCallsFor(email)).toEqual(['addforce', 'unsub']);
  });

  it('unsubscribes by the visible link of the mail (the web page calls the API); expires a registration never confirmed', async () => {
    const email = `page.${Date.now().toString(36)}@exemple.fr`;
    await request(stack.api.http).post('/api/mailjet/register').send({ email, consent: true, source: 'home' }).expect(200);
    const mail = await stack.smtp.waitFor(to(email));
    const confirm = new URL(linkFrom(mail, `${WEB_URL}/newsletter/confirmed?`));
    await request(stack.api.http).post('/api/newsletter/confirm').send({ id: confirm.searchParams.get('id'), token: confirm.searchParams.get('token') }).expect(200);
    await waitUntil(async () => mailjetCallsFor(email).length === 1);

    const page = new URL(linkFrom(mail, `${WEB_URL}/newsletter/unsubscribe?`));
    const res = await request(stack.api.http).post(`/api/newsletter/unsubscribe${page.search}`).send({}).expect(200);
    expect(res.body).toEqual({ message: PersonalDataMessages.newsletterUnsubscribed });
    await waitUntil(async () => mailjetCallsFor(email).length === 2);
    expect(mailjetCallsFor(email)).toEqual(['addforce', 'unsub']);

    // A registration left unconfirmed for 30 days is deleted with its history by housekeeping.
    const idle = `oubli.${Date.now().toString(36)}@exemple.fr`;
    await request(stack.api.http).post('/api/mailjet/register').send({ email: idle, consent: true }).expect(200);
    await stack.smtp.waitFor(to(idle));
    const fresh = `recent.${Date.now().toString(36)}@exemple.fr`;
    await request(stack.api.http).post('/api/mailjet/register').send({ email: fresh, consent: true }).expect(200);
    await stack.dataSource.query(`UPDATE newsletter_subscriber SET requested_at = now() - interval '31 days' WHERE email = $1`, [idle]);
    const report = await stack.worker.get(HousekeepingHandlers).purgePersonalData();
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect(await status(idle)).toBeUndefined();
    expect(Number((await stack.dataSource.query(`SELECT count(*)::int AS n FROM newsletter_event e LEFT JOIN newsletter_subscriber s ON s.id = e.subscriber_id WHERE s.id IS NULL`))[0].n)).toBe(0);
    expect(await status(fresh)).toBe('pending');
    expect(await status(email)).toBe('unsubscribed');
    expect(mailjetCallsFor(idle)).toEqual([]);
  });

  it('builds a large member\'s data in the background, mails its link, serves it, then deletes it after 24 hours (R968)', async () => {
    const member = await createTestUser(stack.api.dataSource);
    const tool = await createTestTool(stack.api);
    const rows = MyDataExportLimits.atOnceMaxRows + 1;
    await stack.dataSource.query(
      `INSERT INTO download_log (tool_id, user_id, created_at) SELECT $1, $2, now() - make_interval(mins => g) FROM generate_series(1, $3) g`,
      [tool.id, member.user.id, rows],
    );
    // The member's answer on the tool travels in the mailed file too (R968).
    await stack.dataSource.query(`INSERT INTO tool_usefulness (tool_id, user_id, useful, comment, counted) VALUES ($1, $2, false, 'Trop long à remplir', true)`, [tool.id, member.user.id]);
    expect((await request(stack.api.http).post('/api/user/export').set(member.headers).expect(200)).body).toEqual({ message: PersonalDataMessages.exportMailed });

    const mail = await stack.smtp.waitFor((m) => to(member.email)(m) && m.subject === 'Vos données Outils sont prêtes');
    const link = linkFrom(mail, 'http://127.0.0.1:3999/api/user/export/file?');
    const file = await request(stack.api.http).get(pathOf(link)).buffer(true).parse(binary).expect(200);
    const entries = await unzip(file.body as Buffer);
    expect(entries.get('telechargements.csv')!.toString().trim().split('\r\n')).toHaveLength(rows + 1);
    expect(JSON.parse(entries.get('mes-donnees.json')!.toString()).profil.email).toBe(member.email);
    expect(JSON.parse(entries.get('mes-donnees.json')!.toString()).avisOutils).toEqual([
      { outil: { id: tool.id, nom: tool.name, slug: tool.slug }, reponse: 'Non', commentaire: 'Trop long à remplir', donneLe: expect.any(String), modifieLe: expect.any(String) },
    ]);
    expect(entries.get('avis-outils.csv')!.toString()).toContain(`;${tool.name};`);
    expect(entries.get('avis-outils.csv')!.toString()).toContain(';Non;Trop long à remplir\r\n');
    // The mailed link left the outbox row.
    await waitUntil(allSent);
    expect(JSON.stringify((await stack.dataSource.getRepository(OutboxMessageEntity).findBy({ jobName: 'build-data-export' })).map((r) => r.payload))).not.toContain('export/file');

    // 24 hours later: housekeeping deletes the file and its row; the link says so.
    const [row] = await stack.dataSource.query(`SELECT storage_key FROM data_export WHERE user_id = $1`, [member.user.id]);
    const stored = join(stack.api.config.storage.dir, row.storage_key);
    expect(existsSync(stored)).toBe(true);
    await stack.dataSource.query(`UPDATE data_export SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [member.user.id]);
    expect((await stack.worker.get(HousekeepingHandlers).purgePersonalData()).dataExports).toBeGreaterThanOrEqual(1);
    expect(existsSync(stored)).toBe(false);
    await request(stack.api.http).get(pathOf(link)).expect(410);
  });

  it('a sync job that runs again calls Mailjet once', async () => {
    const [row] = await stack.dataSource.query(`SELECT id FROM outbox_message WHERE job_name = 'sync-newsletter-subscriber' AND sent_at IS NOT NULL ORDER BY id LIMIT 1`);
    const before = fake.received.length;
    const again = { name: 'sync-newsletter-subscriber', data: { outboxId: String(row.id) } } as Job;
    expect(await stack.worker.get(NewsletterQueueProcessor).process(again)).toBe('already-sent');
    expect(fake.received).toHaveLength(before);
  });
});
