import { createHash, createHmac } from 'node:crypto';
import request from 'supertest';
import { LinkPurposes, LinkSigner } from '@outils/server-signing';
import { PartnerMessages, type EmbedResponse, type Partner, type PartnerReportResponse } from '@outils/contracts';
import { accountsTestEnv, signUpPayload } from '../factories/accounts.factory';
import { createCategory, createTestTool, createToolType, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';
import { PartnersRepository } from '../../src/modules/partners/partners.repository';
import { PartnerEventsRepository } from '../../src/modules/partners/reports/partner-events.repository';
import { PartnerReportsService } from '../../src/modules/partners/reports/partner-reports.service';

const ORIGIN = 'https://www.cci-rejeu.fr';
const AGENTS = {
  A: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  B: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  C: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  robot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
} as const;
const NETWORKS = { A: '203.0.113.10', B: '203.0.113.20', C: '198.51.100.5', robot: '66.249.66.1' } as const;
type Who = keyof typeof AGENTS;
type Attribution = 'signed' | 'tampered' | 'none';

/** One line of the replayed log: when, who, what, and with which attribution. */
type Line =
  | { at: string; who: Who; call: 'view'; head?: boolean }
  | { at: string; who: Who; call: 'sheet'; tool: 0 | 1; attribution: Attribution }
  | { at: string; who: Who; call: 'download'; tool: 0 | 1; attribution: Attribution; link?: 'new' | 'again'; head?: boolean }
  | { at: string; who: Who; call: 'signup'; attribution: Attribution };

/** Times in UTC; Paris is UTC+1 in March (the days are Paris days). */
const LOG: Line[] = [
  { at: '2026-03-02T10:00:00Z', who: 'A', call: 'view' }, // counted
  { at: '2026-03-02T10:00:10Z', who: 'A', call: 'view' }, // double click
  { at: '2026-03-02T10:00:45Z', who: 'A', call: 'view' }, // 45 s after the counted one: counted
  { at: '2026-03-02T10:00:50Z', who: 'robot', call: 'view' }, // robot
  { at: '2026-03-02T10:01:30Z', who: 'A', call: 'view', head: true }, // HEAD
  { at: '2026-03-02T10:02:00Z', who: 'B', call: 'view' }, // counted
  { at: '2026-03-02T10:03:00Z', who: 'A', call: 'sheet', tool: 0, attribution: 'signed' }, // counted
  { at: '2026-03-02T10:03:05Z', who: 'A', call: 'sheet', tool: 0, attribution: 'signed' }, // double click
  { at: '2026-03-02T10:03:20Z', who: 'A', call: 'sheet', tool: 1, attribution: 'signed' }, // another item: counted
  { at: '2026-03-02T10:03:30Z', who: 'C', call: 'sheet', tool: 0, attribution: 'tampered' }, // nobody
  { at: '2026-03-02T10:03:40Z', who: 'robot', call: 'sheet', tool: 0, attribution: 'signed' }, // robot
  { at: '2026-03-02T10:03:50Z', who: 'B', call: 'sheet', tool: 1, attribution: 'none' }, // nobody
  { at: '2026-03-02T10:04:00Z', who: 'A', call: 'download', tool: 0, attribution: 'signed', link: 'new', head: true }, // HEAD
  { at: '2026-03-02T10:04:01Z', who: 'A', call: 'download', tool: 0, attribution: 'signed', link: 'again' }, // counted
  { at: '2026-03-02T10:04:15Z', who: 'A', call: 'download', tool: 0, attribution: 'signed', link: 'new' }, // double click
  { at: '2026-03-02T10:04:50Z', who: 'A', call: 'download', tool: 0, attribution: 'signed', link: 'again' }, // the same link again
  { at: '2026-03-02T10:05:00Z', who: 'C', call: 'download', tool: 1, attribution: 'tampered', link: 'new' }, // nobody
  { at: '2026-03-02T10:06:00Z', who: 'B', call: 'signup', attribution: 'signed' }, // counted
  { at: '2026-03-02T10:06:30Z', who: 'C', call: 'signup', attribution: 'tampered' }, // nobody
  { at: '2026-03-03T08:00:00Z', who: 'A', call: 'view' }, // a new day: counted, A a visitor again
  { at: '2026-03-03T08:00:20Z', who: 'A', call: 'sheet', tool: 0, attribution: 'signed' }, // counted
  { at: '2026-04-01T07:00:00Z', who: 'B', call: 'view' }, // April
];

/**
 * A partner's figures (docs/product/rules.md#R997–R1000): a replayed log of requests through the real
 * API — robots, double clicks, HEAD, a used link, tampered attributions, several visitors and days —
 * gives exactly the expected figures on the admin's report.
 */
describe('partner reports: a replayed log counted the COUNTER way (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true, env: accountsTestEnv('partner-reports') });
  let admin: TestUser;
  let member: TestUser;
  let tools: TestTool[];
  let partner: Partner;
  let attribution: string;

  beforeAll(async () => {
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    member = await createTestUser(t.dataSource);
    const category = await createCategory(t.dataSource, 'Rejeu');
    const type = await createToolType(t.dataSource, 'Modèle');
    tools = [
      await createTestTool(t, { categoryId: category.id, typeId: type.id, name: 'Devis rejoué', slug: 'devis-rejoue' }),
      await createTestTool(t, { categoryId: category.id, typeId: type.id, name: 'Facture rejouée', slug: 'facture-rejouee' }),
    ];
    partner = (await request(t.http).post('/api/admin/partners/create').set(admin.headers)
      .send({ name: 'CCI Rejeu', website: ORIGIN, contactEmail: 'rapport@cci-rejeu.fr', allowedHosts: ['www.cci-rejeu.fr'] }).expect(201)).body as Partner;
  });

  afterEach(() => jest.useRealTimers());

  const as = (req: request.Test, who: Who) => req.set('User-Agent', AGENTS[who]).set('X-Forwarded-For', NETWORKS[who]);
  const tokenFor = (kind: Attribution): string | undefined =>
    kind === 'none' ? undefined : kind === 'signed' ? attribution : `${attribution.slice(0, -2)}${attribution.endsWith('AA') ? 'BB' : 'AA'}`;

  async function replay(line: Line, links: Map<string, string>): Promise<void> {
    jest.setSystemTime(new Date(line.at));
    const embed = `/api/partners/${partner.id}/embed`;
    if (line.call === 'view') {
      await as(line.head ? request(t.http).head(embed) : request(t.http).get(embed), line.who).set('Origin', ORIGIN).expect(200);
    } else if (line.call === 'sheet') {
      const token = tokenFor(line.attribution);
      await as(request(t.http).get(`/tools/${tools[line.tool].slug}${token ? `?partenaire=${encodeURIComponent(token)}` : ''}`), line.who).expect(200);
    } else if (line.call === 'download') {
      const key = `${line.who}:${line.tool}`;
      if (line.link === 'new' || !links.has(key)) {
        const token = tokenFor(line.attribution);
        const { body } = await as(request(t.http).get(`/tools/download?toolId=${tools[line.tool].id}${token ? `&partenaire=${encodeURIComponent(token)}` : ''}`), line.who).expect(200);
        links.set(key, new URL(body.url).pathname + new URL(body.url).search);
      }
      const file = links.get(key)!;
      await as(line.head ? request(t.http).head(file) : request(t.http).get(file), line.who).expect(200);
    } else {
      const token = tokenFor(line.attribution);
      await as(request(t.http).post('/api/user/new'), line.who).send(signUpPayload(token ? { partenaire: token } : {})).expect(200);
    }
  }

  it('gives exactly the expected figures per month for the replayed log (R997–R999)', async () => {
    const shown = await as(request(t.http).get(`/api/partners/${partner.id}/embed`), 'robot').set('Origin', ORIGIN).expect(200);
    attribution = new URL((shown.body as EmbedResponse).siteUrl).searchParams.get('partenaire')!;
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'hrtime', 'performance'] });
    const links = new Map<string, string>();
    for (const line of LOG) await replay(line, links);
    jest.useRealTimers();

    const { body } = await request(t.http).get(`/api/admin/partners/${partner.id}/report`).set(admin.headers).expect(200);
    const report = body as PartnerReportResponse;
    expect(report.partner.name).toBe('CCI Rejeu');
    expect(report.months).toEqual([
      { month: '2026-04', views: 1, viewVisitors: 1, sheets: 0, sheetVisitors: 0, downloads: 0, downloadVisitors: 0, signups: 0, visitors: 1 },
      { month: '2026-03', views: 4, viewVisitors: 3, sheets: 3, sheetVisitors: 2, downloads: 1, downloadVisitors: 1, signups: 1, visitors: 3 },
    ]);
    // Nothing stored names the network or the browser.
    const stored: Array<{ visitor: string }> = await t.dataSource.query(`SELECT visitor FROM partner_event WHERE partner_id = $1`, [partner.id]);
    expect(stored.length).toBe(10);
    for (const row of stored) expect(row.visitor).not.toMatch(/203\.0\.113|Firefox|Chrome/);
  });

  it('keeps the report to admins and answers an unknown partner in French (R1000)', async () => {
    await request(t.http).get(`/api/admin/partners/${partner.id}/report`).expect(401);
    await request(t.http).get(`/api/admin/partners/${partner.id}/report`).set(member.headers).expect(403);
    const missing = await request(t.http).get('/api/admin/partners/00000000-0000-4000-8000-000000000000/report').set(admin.headers).expect(404);
    expect(missing.body.message).toBe(PartnerMessages.notFound);
    expect((await request(t.http).get('/api/admin/partners/pas-un-id/report').set(admin.headers).expect(404)).body.message).toBe(PartnerMessages.notFound);
  });

  it('stops the monthly report with the signed one-click link only (R1002)', async () => {
    const forged = await request(t.http).post(`/api/partners/reports/unsubscribe?partenaire=${partner.id}&jeton=faux`).expect(400);
    expect(forged.body.message).toBe(PartnerMessages.unsubscribeInvalid);
    let { body } = await request(t.http).get(`/api/admin/partners/${partner.id}/report`).set(admin.headers).expect(200);
    expect(body.reportsUnsubscribed).toBe(false);
    const token = new LinkSigner(t.config.downloads.secret).key(LinkPurposes.partnerReports).sign([partner.id]);
    const done = await request(t.http).post(`/api/partners/reports/unsubscribe?partenaire=${partner.id}&jeton=${token}`).expect(200);
    expect(done.body.message).toBe(PartnerMessages.unsubscribed);
    ({ body } = await request(t.http).get(`/api/admin/partners/${partner.id}/report`).set(admin.headers).expect(200));
    expect(body.reportsUnsubscribed).toBe(true);
  });

  it('salts a day\'s visitors with one random salt shared by every process, never derived from the secret (R1005)', async () => {
    const other = (await request(t.http).post('/api/admin/partners/create').set(admin.headers)
      .send({ name: 'CMA Sel', website: ORIGIN, contactEmail: 'rapport@cma-sel.fr', allowedHosts: ['www.cci-rejeu.fr'] }).expect(201)).body as Partner;
    // A second API process: its own service, hence its own memory, on the same database.
    const secondProcess = () => new PartnerReportsService(t.app.get(PartnerEventsRepository, { strict: false }), t.app.get(PartnersRepository, { strict: false }), new LinkSigner(t.config.downloads.secret));
    const facts = { method: 'GET', userAgent: AGENTS.A, network: NETWORKS.A };
    const day = '2026-05-12';
    const noon = new Date('2026-05-12T10:00:00Z');
    await t.dataSource.query(`DELETE FROM partner_visitor_salt WHERE day = $1`, [day]);

    // The first process counts a view (the embed's read), the second a sign-up by the same person.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'hrtime', 'performance'] });
    jest.setSystemTime(noon);
    await as(request(t.http).get(`/api/partners/${other.id}/embed`), 'A').set('Origin', ORIGIN).expect(200);
    jest.useRealTimers();
    expect(await secondProcess().credit(other.id, { kind: 'signup' }, facts, new Date('2026-05-12T15:00:00Z'))).toBeNull();
    const visitors = async () => (await t.dataSource.query(`SELECT visitor FROM partner_event WHERE partner_id = $1 ORDER BY occurred_at`, [other.id])).map((r: { visitor: string }) => r.visitor);
    const [view, signup] = await visitors();
    expect(signup).toBe(view);

    // The hash is keyed by the day's stored random salt, not by anything the secret gives.
    const [{ salt }] = await t.dataSource.query(`SELECT salt FROM partner_visitor_salt WHERE day = $1`, [day]);
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(createHmac('sha256', salt).update(`${day}|${sha(NETWORKS.A)}|${sha(AGENTS.A)}`).digest('base64url')).toBe(view);
    const fromSecret = createHmac('sha256', createHmac('sha256', t.config.downloads.secret).update('outils:partner-visitor:v1').digest());
    expect(fromSecret.update(`${day}|${sha(NETWORKS.A)}|${sha(AGENTS.A)}`).digest('base64url')).not.toBe(view);

    // Once the day's salt is gone (the nightly housekeeping), nobody gets the same hash again: a new salt is drawn.
    await t.dataSource.query(`DELETE FROM partner_visitor_salt WHERE day = $1`, [day]);
    expect(await secondProcess().credit(other.id, { kind: 'signup' }, facts, new Date('2026-05-12T16:00:00Z'))).toBeNull();
    const again = (await visitors())[2];
    expect(again).not.toBe(view);
    expect((await t.dataSource.query(`SELECT salt FROM partner_visitor_salt WHERE day = $1`, [day]))[0].salt.equals(salt)).toBe(false);
  });
});
