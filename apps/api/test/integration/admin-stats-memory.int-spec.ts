import request from 'supertest';
import { InsightsApiRoutes, type StatsResponse } from '@outils/contracts';
import { DailyStatsRepository } from '@outils/server-db';
import { createCategory, createTestTool, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

/**
 * The past days the statistics page keeps in memory (docs/product/rules.md#R685): whatever writes
 * the daily figures or changes a tool, the next request shows it — over HTTP against the real
 * PostgreSQL, the same range asked before and after each change.
 */
describe('statistics: past days kept in memory, never stale (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let admin: TestUser;
  let plan: TestTool;
  let devis: TestTool;
  const RANGE = 'from=2026-06-01&to=2026-06-07';

  const log = (toolId: number, at: string) => t.dataSource.query(`INSERT INTO download_log (tool_id, created_at) VALUES ($1, $2)`, [toolId, at]);
  const aggregate = () => new DailyStatsRepository(t.dataSource).aggregate('2026-05-25', '2026-06-07');
  const stats = async (query = RANGE) => (await request(t.http).get(`${InsightsApiRoutes.stats}?${query}`).set(admin.headers).expect(200)).body as StatsResponse;
  const top = async (query = RANGE) => (await stats(query)).top.map((x) => `${x.name}: ${x.downloads}`);

  beforeAll(async () => {
    await t.dataSource.query(`TRUNCATE download_daily, activity_daily`);
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    plan = await createTestTool(t, { name: 'Plan de trésorerie' });
    devis = await createTestTool(t, { name: 'Modèle de devis' });
    // 22:30 UTC on 1 June is 00:30 on 2 June in Paris.
    await log(plan.id, '2026-06-01T22:30:00Z');
    await log(devis.id, '2026-06-03T09:00:00Z');
    await log(devis.id, '2026-06-04T09:00:00Z');
    await aggregate();
  });

  it('shows what the job wrote at the very next request for a range already shown', async () => {
    expect(await top()).toEqual(['Modèle de devis: 2', 'Plan de trésorerie: 1']);
    await log(plan.id, '2026-06-05T09:00:00Z');
    await log(plan.id, '2026-06-06T09:00:00Z');
    expect(await top()).toEqual(['Modèle de devis: 2', 'Plan de trésorerie: 1']); // not aggregated yet: past days are the daily rows
    await aggregate();
    expect(await top()).toEqual(['Plan de trésorerie: 3', 'Modèle de devis: 2']);
    expect((await stats(`${RANGE}&granularity=week`)).series).toEqual([
      { period: '2026-06-01', downloads: 5, withEmail: 0 },
    ]);
  });

  it('shows a correction of the daily rows made in SQL', async () => {
    await t.dataSource.query(`UPDATE download_daily SET downloads = 10 WHERE tool_id = $1 AND day = '2026-06-03'`, [devis.id]);
    expect(await top()).toEqual(['Modèle de devis: 11', 'Plan de trésorerie: 3']);
    expect((await stats()).totals.downloads).toBe(14);
  });

  it('follows a tool renamed, moved to another category, then deleted', async () => {
    await t.dataSource.query(`UPDATE tool SET name = 'Devis et factures' WHERE id = $1`, [devis.id]);
    expect(await top()).toEqual(['Devis et factures: 11', 'Plan de trésorerie: 3']);

    const category = await createCategory(t.dataSource);
    expect((await stats(`${RANGE}&categoryId=${category.id}`)).totals.downloads).toBe(0);
    await t.dataSource.query(`UPDATE tool SET category_id = $2 WHERE id = $1`, [plan.id, category.id]);
    expect((await stats(`${RANGE}&categoryId=${category.id}`)).totals.downloads).toBe(3);

    await t.dataSource.query(`DELETE FROM tool WHERE id = $1`, [devis.id]);
    expect(await top()).toEqual(['Plan de trésorerie: 3']);
    expect((await stats()).totals.downloads).toBe(3);
  });
});
