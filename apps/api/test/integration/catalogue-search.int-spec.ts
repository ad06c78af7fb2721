import request from 'supertest';
import { CatalogueMessages, FacetCount, SuggestionsResponse, Tool, ToolsResponse } from '@outils/contracts';
import { seedIfEmpty } from '@outils/server-db/seed';
import { CatalogueReadModel } from '../../src/modules/tools/read-model/catalogue-read-model';
import { resetCatalogue } from '../factories/tool.factory';
import { createTestApp, TestApp } from '../setup/test-app';

/**
 * The search on the demo catalogue (docs/product/rules.md#R600–R606): word beginnings, one typo,
 * every field, facet counts, orders and the suggestions under the box.
 */
describe('catalogue search on the demo catalogue (real PostgreSQL)', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const byCategory: Record<string, number[]> = {};
  const byType: Record<string, number[]> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await resetCatalogue(t.dataSource);
    await seedIfEmpty(t.dataSource, t.config);
    for (const table of ['category', 'tool_type'] as const) {
      const rows: Array<{ id: number; name: string; tools: number[] }> = await t.dataSource.query(
        `SELECT x.id, x.name, array_agg(t.id ORDER BY t.id) AS tools FROM ${table} x JOIN tool t ON t.${table === 'category' ? 'category_id' : 'type_id'} = x.id GROUP BY x.id`,
      );
      for (const row of rows) {
        ids[row.name] = row.id;
        (table === 'category' ? byCategory : byType)[row.name] = row.tools;
      }
    }
    await t.app.get(CatalogueReadModel).sync();
  }, 120_000);
  afterAll(async () => {
    await resetCatalogue(t.dataSource);
    await t.close();
  });

  const list = async (query: string): Promise<ToolsResponse> => (await request(t.http).get(`/api/tools?${query}`).expect(200)).body;
  const all = async (query: string): Promise<Tool[]> => {
    const first = await list(query);
    const tools = [...first.tools];
    for (let page = 2; page <= first.lastPage; page += 1) tools.push(...(await list(`${query}&page=${page}`)).tools);
    return tools;
  };
  const idsOf = (tools: Tool[]) => tools.map((tool) => tool.id).sort((a, b) => a - b);
  const count = (facets: FacetCount<unknown>[] | undefined, id: unknown) => facets?.find((f) => f.id === id)?.count ?? 0;

  it('finds the six tools of a topic by the beginning of its name (cyber, marketing)', async () => {
    expect(byCategory['Cybersécurité']).toHaveLength(6);
    expect(idsOf(await all('q=cyber'))).toEqual(expect.arrayContaining(byCategory['Cybersécurité']));
    expect(idsOf(await all('q=marketing'))).toEqual(expect.arrayContaining(byCategory['Marketing et communication']));
    // Tools of other topics that never say "marketing" are not found.
    const marketing = await all('q=marketing');
    expect(marketing.every((tool) => tool.category.name === 'Marketing et communication' || /marketing/i.test(JSON.stringify(tool)))).toBe(true);
  });

  it('matches word beginnings with or without accents (sécu, secu, compta)', async () => {
    const secu = await list(`q=${encodeURIComponent('sécu')}`);
    expect(secu.total).toBeGreaterThan(0);
    expect((await list('q=secu')).total).toBe(secu.total);
    expect((await list('q=compta')).total).toBeGreaterThan(0);
    // Two beginnings: both must match.
    const both = await all(`q=${encodeURIComponent('cyber mot')}`);
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(byCategory['Cybersécurité'].length + 1);
  });

  it('tolerates one typo in a longer word, not more (cybersecurte, dirigents)', async () => {
    expect(idsOf(await all('q=cybersecurte'))).toEqual(expect.arrayContaining(byCategory['Cybersécurité']));
    expect((await list('q=dirigents')).total).toBe((await list('q=dirigeants')).total);
    expect((await list('q=cybrsecurte')).total).toBe(0);
  });

  it('searches the audience, the type and the topic names', async () => {
    const dirigeants = await all('q=dirigeants');
    expect(dirigeants.length).toBeGreaterThan(0);
    expect(dirigeants.every((tool) => /dirigeant/i.test(`${tool.people} ${tool.name} ${tool.goal} ${tool.description}`))).toBe(true);
    expect(dirigeants.some((tool) => /dirigeant/i.test(tool.people ?? '') && !/dirigeant/i.test(`${tool.name} ${tool.goal} ${tool.description}`))).toBe(true);
    expect(idsOf(await all('q=infographie'))).toEqual(expect.arrayContaining(byType['Infographie']));
    // A renamed topic is found by its new name at once (the trigger recomputes its tools).
    await t.dataSource.query(`UPDATE category SET name = 'Sécurité numérique zorglub' WHERE id = $1`, [ids['Cybersécurité']]);
    await t.app.get(CatalogueReadModel).sync();
    expect(idsOf(await all('q=zorglub'))).toEqual(byCategory['Cybersécurité']);
    await t.dataSource.query(`UPDATE category SET name = 'Cybersécurité' WHERE id = $1`, [ids['Cybersécurité']]);
    await t.app.get(CatalogueReadModel).sync();
    expect((await list('q=zorglub')).total).toBe(0);
  });

  it('ranks a match in the name first', async () => {
    const tools = (await list('q=diagnostic')).tools;
    expect(tools[0].name).toMatch(/diagnostic/i);
    const firstWithout = tools.findIndex((tool) => !/diagnostic/i.test(tool.name));
    const lastWith = tools.map((tool) => /diagnostic/i.test(tool.name)).lastIndexOf(true);
    if (firstWithout >= 0) expect(lastWith).toBeLessThan(firstWithout);
  });

  it('counts each filter option for the search and the other groups, ignoring its own group', async () => {
    const cyber = ids['Cybersécurité'];
    const searched = await list('q=cyber');
    expect(count(searched.facets?.categories, cyber)).toBe(6);
    const sumCategories = (searched.facets?.categories ?? []).reduce((n, f) => n + f.count, 0);
    expect(sumCategories).toBe(searched.total);

    // One topic ticked: the topic counts stay those of the search alone; the types count within the topic.
    const ticked = await list(`q=cyber&categories[]=${cyber}`);
    expect(ticked.total).toBe(6);
    expect(ticked.facets?.categories).toEqual(searched.facets?.categories);
    expect((ticked.facets?.types ?? []).reduce((n, f) => n + f.count, 0)).toBe(6);

    // A type ticked too: the topics now count within that type, the types still within the topic.
    const type = (ticked.facets?.types ?? [])[0];
    const combined = await list(`q=cyber&categories[]=${cyber}&types[]=${type.id}`);
    expect(combined.total).toBe(type.count);
    expect(combined.facets?.types).toEqual(ticked.facets?.types);
    expect(count(combined.facets?.categories, cyber)).toBe(type.count);

    // Without a search the counts come from memory, by the same rule.
    const unsearched = await list(`categories[]=${cyber}&difficulties[]=Simple`);
    const everything = await list('');
    expect(unsearched.facets?.categories.map((f) => f.id).sort()).toEqual((await list('difficulties[]=Simple')).facets?.categories.map((f) => f.id).sort());
    expect(count(unsearched.facets?.difficulties, 'Simple')).toBe(unsearched.total);
    expect((everything.facets?.categories ?? []).reduce((n, f) => n + f.count, 0)).toBe(everything.total);
  });

  it('orders by newest, most downloaded, shortest duration (none last) and relevance', async () => {
    const recent = await all('sort=recent');
    const dates = recent.map((tool) => tool.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());

    const durations = (await all('sort=shortest')).map((tool) => tool.duration);
    const known = durations.filter((d): d is number => d !== null);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(durations.slice(known.length).every((d) => d === null)).toBe(true);

    const [a, b] = byCategory['Marketing et communication'];
    await t.dataSource.query(`UPDATE tool SET download_count = CASE id WHEN $1 THEN 900 WHEN $2 THEN 800 ELSE download_count END`, [a, b]);
    expect((await list('sort=popular')).tools.slice(0, 2).map((tool) => tool.id)).toEqual([a, b]);
    expect((await list('q=marketing&sort=popular')).tools.slice(0, 2).map((tool) => tool.id)).toEqual([a, b]);

    // Relevance without a search is the newest first.
    expect((await list('sort=relevance')).tools.map((tool) => tool.id)).toEqual(recent.slice(0, 12).map((tool) => tool.id));
  });

  it('suggests tools and topics after two letters, with the matched parts as offsets', async () => {
    const res = await request(t.http).get(`/api/tools/suggestions?q=${encodeURIComponent('cybér')}`).expect(200);
    const body: SuggestionsResponse = res.body;
    expect(body.closest).toBe(false);
    expect(body.topics).toEqual([{ id: ids['Cybersécurité'], name: 'Cybersécurité', highlights: [[0, 5]] }]);
    expect(body.tools.length).toBeGreaterThan(0);
    for (const tool of body.tools) {
      expect(tool).toEqual({ id: expect.any(Number), slug: expect.any(String), name: expect.any(String), highlights: expect.any(Array) });
      for (const [start, end] of tool.highlights) expect(tool.name.slice(start, end).toLowerCase()).toMatch(/^cyb[eé]r/);
    }

    const typo: SuggestionsResponse = (await request(t.http).get('/api/tools/suggestions?q=cybersecurte').expect(200)).body;
    expect(typo.closest).toBe(false);
    expect(typo.topics.map((topic) => topic.name)).toEqual(['Cybersécurité']);

    // Nothing as typed: the closest words' tools and topics, flagged as such.
    const closest: SuggestionsResponse = (await request(t.http).get('/api/tools/suggestions?q=markting%20cyberzzz').expect(200)).body;
    expect(closest.closest).toBe(true);
    expect(closest.tools.length + closest.topics.length).toBeGreaterThan(0);
  });

  it.each([
    ['', CatalogueMessages.invalidSuggestionQuery],
    ['?q=a', CatalogueMessages.invalidSuggestionQuery],
    ['?q=%20a%20', CatalogueMessages.invalidSuggestionQuery],
    ['?q=ab%00', CatalogueMessages.invalidSuggestionQuery],
    [`?q=${'a'.repeat(101)}`, CatalogueMessages.invalidSuggestionQuery],
    ['?q=ab&q=cd', CatalogueMessages.invalidSuggestionQuery],
  ])('refuses suggestions%s with a French 400', async (query, message) => {
    expect((await request(t.http).get(`/api/tools/suggestions${query}`).expect(400)).body).toEqual({ message });
  });

  it('never lets the visitor’s text reach the query syntax', async () => {
    for (const q of ["cyber' | ':*", 'cyber & !', '(((', '\\', '<->', "'; DROP TABLE tool; --"]) {
      await request(t.http).get(`/api/tools?q=${encodeURIComponent(q)}`).expect(200);
      await request(t.http).get(`/api/tools/suggestions?q=${encodeURIComponent(q)}`).expect(q.trim().length >= 2 ? 200 : 400);
    }
    // Excluding a word: -word.
    const without = await all(`q=${encodeURIComponent('cyber -mot')}`);
    expect(without.every((tool) => !/\bmots?\b/i.test(`${tool.name} ${tool.goal} ${tool.description} ${tool.people}`))).toBe(true);
  });
});
