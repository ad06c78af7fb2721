import request from 'supertest';
import { ApiRoutes, InsightsApiRoutes, InsightsMessages, type StatsResponse } from '@outils/contracts';
import { DailyStatsRepository, parisDay } from '@outils/server-db';
import { binary, downloadCounts, pathOf } from '../factories/downloads';
import { createCategory, createTestTool, resetCatalogue, TestTool } from '../factories/tool.factory';
import { SessionsRepository } from '../../src/common/auth/sessions.repository';
import { createTestUser, TestUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../setup/test-app';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/**
 * Honest counts (docs/product/rules.md#R670), the statistics read from the daily figures
 * (docs/product/rules.md#R675–R677), the leads (R680) and the CSV exports (R682–R684), over HTTP
 * against the real PostgreSQL.
 */
describe('admin insights: honest counts, statistics, leads and exports (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let tool: TestTool;

  beforeAll(async () => {
    t = await createTestApp();
    await resetCatalogue(t.dataSource);
    await t.dataSource.query(`TRUNCATE download_daily, activity_daily, admin_export_log`);
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    member = await createTestUser(t.dataSource);
    tool = await createTestTool(t, { name: 'Plan de trésorerie' });
  });
  afterAll(async () => {
    await t.close();
  });

  const link = async (headers: Record<string, string> = {}) => pathOf((await request(t.http).get(`/tools/download?toolId=${tool.id}`).set(headers).expect(200)).body.url);
  const fetchFile = (path: string, agent: string) => request(t.http).get(path).set('User-Agent', agent).buffer(true).parse(binary).expect(200);
  const flagged = async () =>
    (await t.dataSource.query(`SELECT counted, excluded_reason FROM download_log WHERE tool_id = $1 ORDER BY id`, [tool.id])) as Array<{ counted: boolean; excluded_reason: string | null }>;

  describe('honest counts', () => {
    it('serves robots, HEAD requests and a repeated link but counts only the person’s first fetch, keeping the others flagged', async () => {
      const path = await link(member.headers);
      await fetchFile(path, GOOGLEBOT);
      await fetchFile(path, FACEBOOK);
      await request(t.http).head(path).set('User-Agent', FIREFOX).expect(200);
      expect(await downloadCounts(t.dataSource, tool.id)).toEqual({ count: 0, logs: 0 });

      // The robots did not use the link up: the person's fetch counts, a second one does not.
      await fetchFile(path, FIREFOX);
      await fetchFile(path, FIREFOX);
      expect(await downloadCounts(t.dataSource, tool.id)).toEqual({ count: 1, logs: 1 });
      expect(await flagged()).toEqual([
        { counted: false, excluded_reason: 'bot' },
        { counted: false, excluded_reason: 'bot' },
        { counted: false, excluded_reason: 'head' },
        { counted: true, excluded_reason: null },
        { counted: false, excluded_reason: 'repeat' },
      ]);
    });

    it('leaves flagged rows out of the statistics, today read live before the worker ran', async () => {
      const res = await request(t.http).get(`${InsightsApiRoutes.stats}?toolId=${tool.id}`).set(admin.headers).expect(200);
      const body = res.body as StatsResponse;
      expect(body.to).toBe(parisDay());
      expect(body.series.at(-1)).toEqual({ period: parisDay(), downloads: 1, withEmail: 1 });
      expect(body.totals).toMatchObject({ downloads: 1, withEmail: 1, emailShare: 1 });
      expect(body.scope).toEqual({ toolId: tool.id, categoryId: null, typeId: null, toolName: 'Plan de trésorerie' });
    });
  });

  describe('statistics', () => {
    let other: TestTool;
    const log = (toolId: number, at: string, email: string | null = null) =>
      t.dataSource.query(`INSERT INTO download_log (tool_id, email, created_at) VALUES ($1, $2, $3)`, [toolId, email, at]);
    const stats = async (query: string) => (await request(t.http).get(`${InsightsApiRoutes.stats}?${query}`).set(admin.headers).expect(200)).body as StatsResponse;

    beforeAll(async () => {
      const category = await createCategory(t.dataSource);
      other = await createTestTool(t, { name: 'Devis', categoryId: category.id });
      // 23:30 UTC on 31 March 2026 is 01:30 on 1 April in Paris.
      await log(tool.id, '2026-03-31T23:30:00Z', 'a@example.com');
      await log(tool.id, '2026-03-31T21:00:00Z');
      await log(other.id, '2026-04-02T09:00:00Z');
      await log(other.id, '2026-04-03T09:00:00Z', 'b@example.com');
      await log(other.id, '2026-03-25T09:00:00Z'); // the previous period of 31 March..6 April
      await t.dataSource.query(`INSERT INTO download_log (tool_id, created_at, counted, excluded_reason) VALUES ($1, '2026-04-02T10:00:00Z', false, 'bot')`, [other.id]);
      await new DailyStatsRepository(t.dataSource).aggregate('2026-03-01', '2026-04-30');
    });

    it('counts a download at 23:30 UTC on 31 March for 1 April, Paris time', async () => {
      const body = await stats(`from=2026-03-31&to=2026-04-01&toolId=${tool.id}`);
      expect(body.series).toEqual([
        { period: '2026-03-31', downloads: 1, withEmail: 0 },
        { period: '2026-04-01', downloads: 1, withEmail: 1 },
      ]);
    });

    it('groups by ISO week and by month, empty periods as zero, and filters by category', async () => {
      expect((await stats('from=2026-03-25&to=2026-04-06&granularity=week')).series).toEqual([
        { period: '2026-03-23', downloads: 1, withEmail: 0 },
        { period: '2026-03-30', downloads: 4, withEmail: 2 },
        { period: '2026-04-06', downloads: 0, withEmail: 0 },
      ]);
      expect((await stats('from=2026-03-01&to=2026-05-31&granularity=month')).series.map((p) => p.downloads)).toEqual([2, 3, 0]);
      const [{ id: categoryId }] = await t.dataSource.query(`SELECT category_id AS id FROM tool WHERE id = $1`, [other.id]);
      expect((await stats(`from=2026-03-31&to=2026-04-06&categoryId=${categoryId}`)).totals.downloads).toBe(2);
    });

    it('ranks the period’s tools with their trend against the previous period of the same length, and the e-mail share', async () => {
      const body = await stats('from=2026-03-31&to=2026-04-06');
      expect(body.previous).toEqual({ from: '2026-03-24', to: '2026-03-30', downloads: 1 });
      expect(body.top.map(({ name, downloads, previousDownloads, trendPercent }) => ({ name, downloads, previousDownloads, trendPercent }))).toEqual([
        { name: 'Plan de trésorerie', downloads: 2, previousDownloads: 0, trendPercent: null },
        { name: 'Devis', downloads: 2, previousDownloads: 1, trendPercent: 100 },
      ]);
      expect(body.totals).toMatchObject({ downloads: 4, withEmail: 2, emailShare: 0.5 });
    });

    it('counts activated sign-ups and confirmed newsletter subscriptions of the period', async () => {
      await t.dataSource.query(`UPDATE app_user SET activated_at = '2026-04-02T08:00:00Z' WHERE id = $1`, [member.user.id]);
      const [sub] = await t.dataSource.query(`INSERT INTO newsletter_subscriber (email, status, source, confirmed_at, created_at) VALUES ('abonne@example.com', 'subscribed', 'popup', '2026-04-03T08:00:00Z', '2026-04-03T07:00:00Z') RETURNING id`);
      await t.dataSource.query(`INSERT INTO newsletter_event (subscriber_id, kind, source, created_at) VALUES ($1, 'confirmed', 'popup', '2026-04-03T08:00:00Z')`, [sub.id]);
      await new DailyStatsRepository(t.dataSource).aggregate('2026-04-01', '2026-04-06');
      const body = await stats('from=2026-03-31&to=2026-04-06&granularity=week');
      expect(body.activity).toEqual([{ period: '2026-03-30', signups: 1, subscriptions: 1 }, { period: '2026-04-06', signups: 0, subscriptions: 0 }]);
      expect(body.totals).toMatchObject({ signups: 1, subscriptions: 1 });
    });

    it.each([
      ['from=2026-04-10&to=2026-04-01', 'to', InsightsMessages.rangeReversed],
      ['from=2026-02-30', 'from', InsightsMessages.dateInvalid('du')],
      ['from=2020-01-01&to=2026-01-01', 'to', InsightsMessages.rangeTooLong(731)],
      ['granularity=year', 'granularity', InsightsMessages.granularityInvalid],
      ['toolId=1&categoryId=2', 'toolId', InsightsMessages.scopeTooMany],
    ])('refuses %s with a French 400', async (query, field, message) => {
      const res = await request(t.http).get(`${InsightsApiRoutes.stats}?${query}`).set(admin.headers).expect(400);
      expect(res.body.errors[field]).toEqual([message]);
    });
  });

  describe('leads', () => {
    it('lists newsletter addresses and download e-mails with source, status and consent date, searchable', async () => {
      const res = await request(t.http).get(`${InsightsApiRoutes.leads}?q=ABONNE`).set(admin.headers).expect(200);
      expect(res.body).toEqual({
        page: 1, lastPage: 1, total: 1,
        leads: [{
          email: 'abonne@example.com', newsletterSource: 'popup', newsletterStatus: 'subscribed', consentAt: '2026-04-03T08:00:00.000Z',
          downloads: 0, lastDownloadAt: null, firstSeenAt: expect.any(String),
        }],
      });
      // Searched one by one: accounts of other suites share this database and fill the first page.
      const lead = async (email: string) =>
        (await request(t.http).get(`${InsightsApiRoutes.leads}?q=${encodeURIComponent(email)}`).set(admin.headers).expect(200)).body.leads
          .find((l: { email: string }) => l.email === email);
      expect(await lead(member.email)).toMatchObject({ downloads: 1, newsletterStatus: null });
      expect(await lead('b@example.com')).toMatchObject({ downloads: 1 });
    });
  });

  describe('CSV exports', () => {
    const exportLink = (kind: string, from: string, to: string, headers = admin.headers) =>
      request(t.http).post(InsightsApiRoutes.exportLink).set(headers).send({ kind, from, to });

    it('writes the exact bytes: BOM, ; separator, CRLF, doubled quotes, quoted line breaks, formulas neutralised, accents', async () => {
      const tricky = await createTestTool(t, { name: 'Plan; "spécial"\nété' });
      const formula = await createTestTool(t, { name: '=cmd|calc' });
      await t.dataSource.query(
        `INSERT INTO download_log (id, tool_id, email, created_at, counted, excluded_reason, version_number) VALUES
           (9001, $1, '-x@example.com', '2026-05-10T06:00:00Z', true, NULL, 2), (9002, $2, NULL, '2026-05-10T22:30:00Z', false, 'bot', NULL)`,
        [tricky.id, formula.id],
      );
      const { body } = await exportLink('downloads', '2026-05-10', '2026-05-11').expect(200);
      const res = await request(t.http).get(pathOf(body.url)).buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('outils-telechargements-2026-05-10_2026-05-11.csv');
      const expected =
        '\uFEFFid;date (UTC);jour (Paris);id outil;outil;e-mail;compté;motif d’exclusion;version\r\n' +
        `9001;2026-05-10T06:00:00Z;2026-05-10;${tricky.id};"Plan; ""spécial""\nété";'-x@example.com;oui;;2\r\n` +
        `9002;2026-05-10T22:30:00Z;2026-05-11;${formula.id};'=cmd|calc;;non;Robot ou aperçu de lien;\r\n`;
      expect((res.body as Buffer).equals(Buffer.from(expected, 'utf8'))).toBe(true);
    });

    it('logs each export with who, what and which days', async () => {
      await t.dataSource.query(`TRUNCATE admin_export_log`);
      const { body } = await exportLink('leads', '2026-04-01', '2026-04-30').expect(200);
      const res = await request(t.http).get(pathOf(body.url)).buffer(true).parse(binary).expect(200);
      expect((res.body as Buffer).toString('utf8')).toContain('abonne@example.com;Fenêtre « Restez cool »;Confirmé;2026-04-03T08:00:00Z;0;;');
      expect(await t.dataSource.query(`SELECT admin_id, admin_email, kind, to_char(range_from, 'YYYY-MM-DD') AS "from", to_char(range_to, 'YYYY-MM-DD') AS "to" FROM admin_export_log`))
        .toEqual([{ admin_id: admin.user.id, admin_email: admin.email, kind: 'leads', from: '2026-04-01', to: '2026-04-30' }]);
    });

    it.each([
      [{ kind: 'leads', from: '2026-04-10', to: '2026-04-01' }, 'to', InsightsMessages.rangeReversed],
      [{ kind: 'leads', from: '10/04/2026', to: '2026-04-11' }, 'from', InsightsMessages.dateInvalid('du')],
      [{ kind: 'users', from: '2026-04-01', to: '2026-04-11' }, 'kind', InsightsMessages.exportKindInvalid],
      [{ kind: 'downloads', from: '2026-04-01' }, 'to', InsightsMessages.dateInvalid('au')],
    ])('refuses a bad export request %j with a French 400', async (body, field, message) => {
      const res = await request(t.http).post(InsightsApiRoutes.exportLink).set(admin.headers).send(body).expect(400);
      expect(res.body.errors[field]).toEqual([message]);
    });

    it('refuses a forged link, and a genuine link once its admin is no longer one, with a French 403 and no log', async () => {
      await t.dataSource.query(`TRUNCATE admin_export_log`);
      const { body } = await exportLink('downloads', '2026-04-01', '2026-04-30').expect(200);
      const forged = `${pathOf(body.url)}x`;
      expect((await request(t.http).get(forged).expect(403)).body).toEqual({ message: InsightsMessages.exportLinkInvalid });
      await t.dataSource.query(`UPDATE app_user SET is_admin = false WHERE id = $1`, [admin.user.id]);
      try {
        await request(t.http).get(pathOf(body.url)).expect(403);
      } finally {
        await t.dataSource.query(`UPDATE app_user SET is_admin = true WHERE id = $1`, [admin.user.id]);
      }
      expect(await t.dataSource.query(`SELECT id FROM admin_export_log`)).toEqual([]);
    });
  });

  describe('export links: single use, bound to the session that asked (docs/product/rules.md#R881)', () => {
    const ask = async (headers: Record<string, string>) =>
      pathOf((await request(t.http).post(InsightsApiRoutes.exportLink).set(headers).send({ kind: 'leads', from: '2026-04-01', to: '2026-04-30' }).expect(200)).body.url);

    it('serves a link once: opened again, it is a French 410 and nothing more is logged', async () => {
      await t.dataSource.query(`TRUNCATE admin_export_log`);
      const path = await ask(admin.headers);
      await request(t.http).get(path).buffer(true).parse(binary).expect(200);
      expect((await request(t.http).get(path).expect(410)).body).toEqual({ message: InsightsMessages.exportLinkUsed });
      expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM admin_export_log`)).toEqual([{ n: 1 }]);
    });

    it('refuses the link to another session, even of the same admin, and once the session that asked has ended', async () => {
      await t.dataSource.query(`TRUNCATE admin_export_log`);
      const boss = await createTestUser(t.dataSource, { isAdmin: true });
      const elsewhere = { userEmail: boss.email, userToken: await new SessionsRepository(t.dataSource).create(boss.user.id) };
      const otherAdmin = await createTestUser(t.dataSource, { isAdmin: true });
      const path = await ask(boss.headers);
      for (const headers of [elsewhere, otherAdmin.headers, member.headers]) {
        expect((await request(t.http).get(path).set(headers).expect(403)).body).toEqual({ message: InsightsMessages.exportLinkInvalid });
      }
      // The session that asked still may (with or without its credentials), once.
      await request(t.http).get(path).set(boss.headers).buffer(true).parse(binary).expect(200);

      const afterLogout = await ask(boss.headers);
      await request(t.http).post(ApiRoutes.logout).set(boss.headers).expect((res) => expect(res.status).toBeLessThan(300));
      expect((await request(t.http).get(afterLogout).expect(403)).body).toEqual({ message: InsightsMessages.exportLinkInvalid });
      // The admin's other session is alive, and still cannot use a link it did not ask for.
      expect((await request(t.http).get(afterLogout).set(elsewhere).expect(403)).body).toEqual({ message: InsightsMessages.exportLinkInvalid });
      expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM admin_export_log`)).toEqual([{ n: 1 }]);
    });
  });

  describe('admins only', () => {
    it.each([
      ['GET', InsightsApiRoutes.stats],
      ['GET', InsightsApiRoutes.leads],
      ['POST', InsightsApiRoutes.exportLink],
    ])('%s %s: 401 without a session, 403 for a member', async (method, path) => {
      const call = () => (method === 'GET' ? request(t.http).get(path) : request(t.http).post(path).send({ kind: 'leads', from: '2026-04-01', to: '2026-04-02' }));
      await call().expect(401);
      await call().set(member.headers).expect(403);
    });
  });
});
