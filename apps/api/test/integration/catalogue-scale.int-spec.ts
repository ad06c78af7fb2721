import { CatalogueMessages } from '@outils/contracts';
import request from 'supertest';
import { createCategory, createToolType, resetCatalogue } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { CatalogueReadModel } from '../../src/modules/tools/read-model/catalogue-read-model';
import { ToolsQueryDto } from '../../src/modules/tools/dto/tools-query.dto';
import { listingSpec } from '../../src/modules/tools/listing/listing-spec';
import { SqlListing } from '../../src/modules/tools/listing/sql-listing';
import { createTestApp, TestApp } from '../setup/test-app';

const TOOLS = 100_000;

/**
 * The listing at 100 000 tools: the page query must be an index walk that stops after 12 rows
 * (no sort of the whole table), whatever the filters; see tools-listing.sql for the plans.
 */
describe('catalogue at 100 000 tools (query plans)', () => {
  let t: TestApp;
  let member: TestUser;
  let categoryIds: number[];
  let typeIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    await resetCatalogue(t.dataSource);
    categoryIds = [];
    typeIds = [];
    for (let i = 0; i < 6; i += 1) categoryIds.push((await createCategory(t.dataSource)).id);
    for (let i = 0; i < 5; i += 1) typeIds.push((await createToolType(t.dataSource)).id);
    // In batches: each statement stays well under the pool's statement timeout on a busy machine.
    for (let from = 1; from <= TOOLS; from += 10_000) {
      await t.dataSource.query(
      `INSERT INTO tool (slug, name, description, goal, type_id, category_id, difficulty, file_key, file_name, file_mime, file_size,
                         download_count, created_at)
       SELECT 'outil-' || g, 'Outil numéro ' || g, 'Description de l’outil ' || g || CASE WHEN g % 1000 = 0 THEN ' sécurité' ELSE '' END,
              'Objectif ' || g, ($2::int[])[1 + g % 5], ($1::int[])[1 + g % 6], (ARRAY['Simple','Moyen','Complexe'])[1 + g % 3],
              'tools/files/x.pdf', 'x.pdf', 'application/pdf', 1, g % 997, now() - g * interval '1 minute'
         FROM generate_series(${from}, ${from + 9_999}) g`,
        [categoryIds, typeIds],
      );
    }
    await t.dataSource.query(`ANALYZE tool`);
    member = await createTestUser(t.dataSource);
    await t.dataSource.query(`INSERT INTO favorite (user_id, tool_id) SELECT $1, id FROM tool WHERE id % 5000 = 0`, [member.user.id]);
    await t.dataSource.query(`ANALYZE favorite`);
  }, 180_000);
  afterAll(async () => {
    await resetCatalogue(t.dataSource);
    await t.close();
  });

  /** The SQL the request sent to the database (captured on the data source). */
  async function queriesOf(query: string, headers: Record<string, string> = {}): Promise<Array<{ sql: string; params: unknown[] }>> {
    // The seeding's last rebuild of the model reads in batches (docs/product/rules.md#R895) and may
    // outlast the test app's barrier on a busy machine: its reads are not the request's.
    await t.app.get(CatalogueReadModel).settled();
    const seen: Array<{ sql: string; params: unknown[] }> = [];
    const original = t.dataSource.query.bind(t.dataSource);
    const spy = jest.spyOn(t.dataSource, 'query').mockImplementation(((sql: string, params?: unknown[]) => {
      seen.push({ sql, params: params ?? [] });
      return original(sql, params);
    }) as typeof t.dataSource.query);
    try {
      await request(t.http).get(`/api/tools${query}`).set(headers).expect(200);
    } finally {
      spy.mockRestore();
    }
    return seen;
  }

  /** The plan PostgreSQL picks for the exact page SQL the repository sends. */
  async function planFor(query: string, headers: Record<string, string> = {}): Promise<string> {
    const page = (await queriesOf(query, headers)).find((q) => /FROM tool t\b/.test(q.sql) && /ORDER BY/.test(q.sql) && /LIMIT/.test(q.sql));
    if (!page) throw new Error('page query not seen');
    const rows: Array<{ 'QUERY PLAN': string }> = await t.dataSource.query(`EXPLAIN ${page.sql}`, page.params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  // docs/product/rules.md#R300: these pages come from the read model, whatever their depth.
  it.each([
    ['the default page', '?page=1'],
    ['page 1 000', '?page=1000'],
    ['one category', () => `?categories[]=${categoryIds[2]}`],
    ['one type and one difficulty', () => `?types[]=${typeIds[1]}&difficulties[]=Moyen`],
  ])('answers %s without a database round trip', async (_label, query) => {
    await request(t.http).get('/api/filters').expect(200); // waits until the model applied the seeding
    expect(t.app.get(CatalogueReadModel).usable).toBe(true);
    expect(await queriesOf(typeof query === 'function' ? query() : query)).toEqual([]);
  });

  it('walks an index of ids for the popular sort, without sorting the table (docs/product/rules.md#R304)', async () => {
    const plan = await planFor('?sort=popular');
    expect(plan).toMatch(/Index (Only )?Scan.*tool_popular_idx/);
    expect(plan).not.toMatch(/Sort\b(?! Key)/);
    expect(plan).not.toMatch(/Seq Scan on tool /);
  });

  it('uses the GIN index for a search', async () => {
    const plan = await planFor('?q=securite');
    expect(plan).toMatch(/Bitmap Index Scan on tool_search_idx/);
    expect(plan).not.toMatch(/Seq Scan on tool /);
  });

  it('asks the database once per search text: its other pages, orders and filters come from memory (docs/product/rules.md#R611)', async () => {
    // « description » is in every tool: 100 000 matches, kept as ids.
    const first = await request(t.http).get('/api/tools?q=description').expect(200);
    expect(first.body.total).toBe(TOOLS);
    const query = `?q=description&page=3&sort=recent&categories[]=${categoryIds[1]}&difficulties[]=Moyen`;
    expect(await queriesOf(query)).toEqual([]);
    const { body } = await request(t.http).get(`/api/tools${query}`).expect(200);
    // Tools g with g % 6 = 1 (the second topic) and g % 3 = 1 (Moyen): g % 6 = 1, newest (smallest g) first.
    const [{ id: firstId }]: Array<{ id: number }> = await t.dataSource.query(`SELECT min(id)::int AS id FROM tool`);
    expect(body.tools.map((tool: { id: number }) => tool.id - firstId + 1)).toEqual(Array.from({ length: 12 }, (_, i) => 1 + 6 * (24 + i)));
    expect(body.total).toBe(Math.ceil(TOOLS / 6));
    expect(body.facets.categories.find((f: { id: number }) => f.id === categoryIds[1]).count).toBe(Math.ceil(TOOLS / 6));
  });

  it('ranks only the newest 1 000 matches of a search, the others following newest first, in memory as in the database (docs/product/rules.md#R610)', async () => {
    const [{ id: firstId }]: Array<{ id: number }> = await t.dataSource.query(`SELECT min(id)::int AS id FROM tool`);
    const recent = firstId + 4;
    const old = firstId + 50_000;
    // Both named with « guide » three times: the best ranked of all; only the recent one is among the newest 1 000.
    await t.dataSource.query(`UPDATE tool SET name = 'Guide, guide et guide ' || id, description = description || ' guide' WHERE id IN ($1, $2)`, [recent, old]);
    await t.dataSource.query(`UPDATE tool SET description = description || ' guide' WHERE id % 7 = 0`);
    await t.app.get(CatalogueReadModel).sync();
    const answer = (await request(t.http).get('/api/tools?q=guide').expect(200)).body;
    const ids = answer.tools.map((tool: { id: number }) => tool.id);
    expect(ids[0]).toBe(recent);
    expect(ids).not.toContain(old);
    const fromDatabase = await t.app.get(SqlListing).list(listingSpec(Object.assign(new ToolsQueryDto(), { q: 'guide', page: 1 }), undefined));
    expect(fromDatabase.tools.map((tool) => tool.id)).toEqual(ids);
    expect(fromDatabase.total).toBe(answer.total);
  });

  it('serves page 1 000 and refuses page 1 001 with a French 400', async () => {
    expect((await request(t.http).get('/api/tools?page=1000').expect(200)).body.tools).toHaveLength(12);
    const res = await request(t.http).get('/api/tools?page=1001').expect(400);
    expect(res.body).toEqual({ message: CatalogueMessages.pageTooFar(1000) });
    await request(t.http).get('/api/tools?page=9999999999').expect(400);
  });

  // How fast is measured by `npm run bench` (docs/performance.md), not here: a timed test fails on a busy machine.
  it('answers listing pages correctly at this size', async () => {
    const first = await request(t.http).get('/api/tools').expect(200);
    const search = await request(t.http).get('/api/tools?q=s%C3%A9curit%C3%A9').expect(200);
    const favourites = await request(t.http).get('/api/tools?onlyFavorites=true').set(member.headers).expect(200);
    // Pages stop at 1 000 (deeper ones are a 400): the last page offered is the last one served.
    expect(first.body).toMatchObject({ total: TOOLS, lastPage: 1000 });
    expect(search.body.total).toBe(TOOLS / 1000);
    expect(favourites.body.total).toBe(TOOLS / 5000);
    expect(favourites.body.tools.every((tool: { isFavorite: boolean }) => tool.isFavorite)).toBe(true);
  });
});
