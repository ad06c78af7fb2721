import request from 'supertest';
import { InsightsApiRoutes, InsightsMessages, type StatsResponse } from '@outils/contracts';
import { DailyStatsRepository } from '@outils/server-db';
import { createTestTool, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

/**
 * Downloads per version and for all versions together on the statistics page
 * (docs/product/rules.md#R925, #R926), over HTTP against the real PostgreSQL.
 */
describe('statistics: downloads per version of a tool (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let admin: TestUser;
  let plan: TestTool;
  let devis: TestTool;
  const RANGE = 'from=2026-07-01&to=2026-07-07';

  const log = (toolId: number, at: string, version: number | null, counted = true) =>
    t.dataSource.query(
      `INSERT INTO download_log (tool_id, created_at, version_number, counted, excluded_reason) VALUES ($1, $2, $3, $4, $5)`,
      [toolId, at, version, counted, counted ? null : 'bot'],
    );
  const stats = async (query: string) => (await request(t.http).get(`${InsightsApiRoutes.stats}?${query}`).set(admin.headers).expect(200)).body as StatsResponse;

  beforeAll(async () => {
    await t.dataSource.query(`TRUNCATE download_daily, activity_daily`);
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    plan = await createTestTool(t, { name: 'Plan de trésorerie' });
    devis = await createTestTool(t, { name: 'Modèle de devis' });
    await log(plan.id, '2026-07-01T09:00:00Z', null); // from before versions
    await log(plan.id, '2026-07-02T09:00:00Z', 1);
    await log(plan.id, '2026-07-03T09:00:00Z', 1);
    // 22:30 UTC on 7 July is 00:30 on 8 July in Paris: out of the range.
    await log(plan.id, '2026-07-07T22:30:00Z', 2);
    await log(plan.id, '2026-07-06T09:00:00Z', 2);
    await log(plan.id, '2026-07-06T10:00:00Z', 2, false); // a robot: not a download
    await log(devis.id, '2026-07-04T09:00:00Z', 3);
    await new DailyStatsRepository(t.dataSource).aggregate('2026-06-24', '2026-07-08');
  });

  it('counts each version of the tool, newest first, and all of them together in the totals', async () => {
    const body = await stats(`${RANGE}&toolId=${plan.id}`);
    const counted = body.versions?.filter((v) => v.downloads > 0);
    expect(counted).toEqual([
      { version: 2, downloads: 1 },
      { version: 1, downloads: 2 },
      { version: null, downloads: 1 },
    ]);
    expect(body.totals.downloads).toBe(4);
    expect(body.versions?.reduce((sum, v) => sum + v.downloads, 0)).toBe(body.totals.downloads);
    // The other tool's version 3 is not the plan's.
    expect(body.versions?.some((v) => v.version === 3)).toBe(false);
  });

  it('counts only the days of the range, a version without downloads there at zero or left out', async () => {
    const body = await stats(`from=2026-07-01&to=2026-07-01&toolId=${plan.id}`);
    expect(body.versions?.find((v) => v.version === null)).toEqual({ version: null, downloads: 1 });
    expect(body.versions?.filter((v) => v.downloads > 0)).toHaveLength(1);
  });

  it('gives no versions when the statistics are not of one tool', async () => {
    expect((await stats(RANGE)).versions).toBeNull();
  });

  it('refuses a bad tool in French and changes nothing', async () => {
    const res = await request(t.http).get(`${InsightsApiRoutes.stats}?${RANGE}&toolId=abc`).set(admin.headers).expect(400);
    expect(JSON.stringify(res.body)).toContain(InsightsMessages.scopeInvalid('outil'));
  });
});
