import request from 'supertest';
import { CatalogueMessages, CommonMessages, Tool } from '@outils/contracts';
import { createCategory, createTestTool, createToolType, NamedRow, resetCatalogue, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

const DAY = 86_400_000;

describe('catalogue: filters, listing, search, featured tool and sheet (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let cyber: NamedRow;
  let marketing: NamedRow;
  let checklist: NamedRow;
  let diagnostic: NamedRow;
  let securite: TestTool;
  let teletravail: TestTool;
  let plan: TestTool;
  let member: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    marketing = await createCategory(t.dataSource, 'Marketing et communication', 0);
    cyber = await createCategory(t.dataSource, 'Cybersécurité', 1);
    checklist = await createToolType(t.dataSource, 'Checklist', 0);
    diagnostic = await createToolType(t.dataSource, 'Diagnostic', 1);
    const now = Date.now();
    // 25 older tools in Marketing / Checklist / Simple: they fill pages 1 to 3.
    for (let i = 0; i < 25; i += 1) {
      await createTestTool(t, {
        name: `Modèle de relance client n°${i + 1}`, description: 'Relancer ses clients avec méthode.', goal: 'Fidéliser',
        categoryId: marketing.id, typeId: checklist.id, difficulty: 'Simple', createdAt: new Date(now - (10 + i) * DAY),
      });
    }
    securite = await createTestTool(t, {
      name: 'Diagnostic de sécurité informatique', description: 'Vérifiez vos mots de passe, sauvegardes et mises à jour.',
      goal: 'Évaluer les risques', categoryId: cyber.id, typeId: diagnostic.id, difficulty: 'Complexe', images: 2,
      createdAt: new Date(now - 3_600_000),
    });
    teletravail = await createTestTool(t, {
      name: 'Checklist du télétravail', description: 'Organiser le travail à distance de l’équipe.', goal: 'Structurer',
      categoryId: cyber.id, typeId: checklist.id, difficulty: 'Moyen', createdAt: new Date(now - 2 * DAY), duration: null,
    });
    plan = await createTestTool(t, {
      name: 'Plan marketing annuel', description: 'Un tableau pour planifier ses campagnes.', goal: null,
      categoryId: marketing.id, typeId: diagnostic.id, difficulty: null, createdAt: new Date(now - 5 * DAY),
    });
    member = await createTestUser(t.dataSource);
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    await t.dataSource.query(`INSERT INTO favorite (user_id, tool_id) VALUES ($1, $2)`, [member.user.id, teletravail.id]);
  });

  const list = (query: string, headers: Record<string, string> = {}) => request(t.http).get(`/api/tools${query}`).set(headers);
  const names = (tools: Tool[]) => tools.map((tool) => tool.name);

  it('lists categories, types and the three difficulties in display order', async () => {
    const res = await request(t.http).get('/api/filters').expect(200);
    expect(res.body).toEqual({
      categories: [{ id: marketing.id, name: 'Marketing et communication' }, { id: cyber.id, name: 'Cybersécurité' }],
      types: [{ id: checklist.id, name: 'Checklist' }, { id: diagnostic.id, name: 'Diagnostic' }],
      difficulties: [{ id: 'Simple', name: 'Simple' }, { id: 'Moyen', name: 'Moyen' }, { id: 'Complexe', name: 'Complexe' }],
    });
  });

  it('returns page 1 newest first with the Tool shape of docs/product/rules.md#R84', async () => {
    const res = await list('').expect(200);
    expect(res.body).toMatchObject({ page: 1, lastPage: 3, total: 28 });
    expect(res.body.tools).toHaveLength(12);
    expect(names(res.body.tools).slice(0, 3)).toEqual(['Diagnostic de sécurité informatique', 'Checklist du télétravail', 'Plan marketing annuel']);
    const first: Tool = res.body.tools[0];
    expect(first).toEqual({
      id: securite.id, slug: securite.slug, name: 'Diagnostic de sécurité informatique',
      description: 'Vérifiez vos mots de passe, sauvegardes et mises à jour.', goal: 'Évaluer les risques', people: 'Les équipes',
      duration: 1.5, type: { id: diagnostic.id, name: 'Diagnostic' }, category: { id: cyber.id, name: 'Cybersécurité' },
      difficulty: 'Complexe', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), isFavorite: false,
      // Published from its creation (docs/product/rules.md#R653).
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      images: securite.imageIds.map((id) => ({ id, src: `http://127.0.0.1:3999/tools/images/${id}` })), isFeatured: false,
      // docs/product/rules.md#R630: the factory's PDF has no page.
      download: { format: 'pdf', size: expect.any(Number), pages: null, updatedAt: null, version: 1, versionNote: null }, preview: null,
      // No worker ran here: the file is not checked yet (docs/product/rules.md#R949).
      accessibility: null,
      // No declared accessible version (docs/product/rules.md#R945), so the document does not conform (docs/product/rules.md#R947).
      alternative: null, documentAccessible: false,
    });
    expect(res.body.tools[1].duration).toBeNull();
    expect(res.body.tools[2]).toMatchObject({ difficulty: null, goal: null, images: [] });
    expect(first.publishedAt).toBe(first.createdAt);
    expect(first).not.toHaveProperty('downloadCount');
  });

  it('paginates 12 by 12 and answers an empty page beyond the last one', async () => {
    const page2 = await list('?page=2').expect(200);
    const page3 = await list('?page=3').expect(200);
    expect(page2.body.tools).toHaveLength(12);
    expect(page3.body.tools).toHaveLength(4);
    const all = [...(await list('?page=1')).body.tools, ...page2.body.tools, ...page3.body.tools].map((tool: Tool) => tool.id);
    expect(new Set(all).size).toBe(28);
    const beyond = await list('?page=9').expect(200);
    expect(beyond.body).toMatchObject({ tools: [], page: 9, lastPage: 3, total: 28 });
  });

  it.each(['0', '-1', 'abc', '1.5', '1e2', '99999999999'])('answers page=%s with a French 400', async (page) => {
    const res = await list(`?page=${page}`).expect(400);
    expect(res.body).toEqual({ message: CatalogueMessages.invalidPage });
  });

  it('refuses a repeated page parameter', async () => {
    expect((await list('?page=1&page=2').expect(400)).body.message).toBe(CatalogueMessages.invalidPage);
  });

  it('filters by category (array or single value), OR within a group', async () => {
    const cyberOnly = await list(`?categories[]=${cyber.id}`).expect(200);
    expect(names(cyberOnly.body.tools)).toEqual(['Diagnostic de sécurité informatique', 'Checklist du télétravail']);
    expect(cyberOnly.body).toMatchObject({ total: 2, lastPage: 1 });
    expect((await list(`?categories=${cyber.id}`).expect(200)).body.total).toBe(2);
    expect((await list(`?categories[]=${cyber.id}&categories[]=${marketing.id}`).expect(200)).body.total).toBe(28);
  });

  it('filters by type and ANDs the groups together', async () => {
    expect(names((await list(`?types[]=${diagnostic.id}`).expect(200)).body.tools)).toEqual([
      'Diagnostic de sécurité informatique', 'Plan marketing annuel',
    ]);
    expect(names((await list(`?categories[]=${cyber.id}&types[]=${diagnostic.id}`).expect(200)).body.tools)).toEqual([
      'Diagnostic de sécurité informatique',
    ]);
    const three = await list(`?categories[]=${marketing.id}&types[]=${checklist.id}&difficulties[]=Simple`).expect(200);
    expect(three.body.total).toBe(25);
  });

  it('filters by difficulty', async () => {
    const res = await list('?difficulties[]=Moyen&difficulties[]=Complexe').expect(200);
    expect(names(res.body.tools)).toEqual(['Diagnostic de sécurité informatique', 'Checklist du télétravail']);
    expect((await list('?difficulties=Simple').expect(200)).body.total).toBe(25);
  });

  it.each([
    ['categories[]=abc', CatalogueMessages.invalidFilter('Sujet')],
    ["categories[]=1%27%20OR%201%3D1", CatalogueMessages.invalidFilter('Sujet')],
    ['categories[]=999999', CatalogueMessages.unknownFilter('Sujet')],
    ['categories[a][b]=1', CatalogueMessages.invalidFilter('Sujet')],
    ['types[]=0', CatalogueMessages.invalidFilter('Type d’outils')],
    ['types[]=424242', CatalogueMessages.unknownFilter('Type d’outils')],
    ['difficulties[]=Facile', CatalogueMessages.invalidFilter('Difficulté')],
    ['onlyFavorites=oui', CatalogueMessages.invalidOnlyFavorites],
    ['sort=name', CatalogueMessages.invalidSort],
    ['q=a%00b', CatalogueMessages.invalidSearch],
  ])('answers %s with a French 400, never a 500', async (query, message) => {
    const res = await list(`?${query}`).expect(400);
    expect(res.body).toEqual({ message });
  });

  it('searches name, goal and description in French, with or without accents', async () => {
    for (const q of ['sécurité', 'securite', 'SECURITE']) {
      expect(names((await list(`?q=${encodeURIComponent(q)}`).expect(200)).body.tools)).toEqual(['Diagnostic de sécurité informatique']);
    }
    expect(names((await list(`?q=${encodeURIComponent('teletravail')}`)).body.tools)).toEqual(['Checklist du télétravail']);
    // Goal ("Évaluer les risques") and description ("sauvegardes") are searched, with French stemming.
    expect(names((await list('?q=evaluer')).body.tools)).toEqual(['Diagnostic de sécurité informatique']);
    expect(names((await list('?q=sauvegarde')).body.tools)).toEqual(['Diagnostic de sécurité informatique']);
    expect((await list(`?q=${encodeURIComponent('"plan marketing"')}`)).body.total).toBe(1);
    expect((await list('?q=zzzyyyxxx').expect(200)).body).toEqual({
      tools: [], page: 1, lastPage: 1, total: 0, facets: { categories: [], types: [], difficulties: [], accessible: 0 },
    });
    // No word at all (punctuation only): the listing unsearched, no error.
    expect((await list(`?q=${encodeURIComponent('« » !')}`).expect(200)).body.total).toBe(28);
  });

  it('combines search and filters', async () => {
    expect((await list(`?q=relance&categories[]=${cyber.id}`).expect(200)).body.total).toBe(0);
    expect((await list(`?q=relance&categories[]=${marketing.id}`).expect(200)).body.total).toBe(25);
  });

  it('sorts by popularity on demand', async () => {
    await t.dataSource.query(`UPDATE tool SET download_count = 50 WHERE id = $1`, [plan.id]);
    await t.dataSource.query(`UPDATE tool SET download_count = 20 WHERE id = $1`, [teletravail.id]);
    const res = await list('?sort=popular').expect(200);
    expect(names(res.body.tools).slice(0, 2)).toEqual(['Plan marketing annuel', 'Checklist du télétravail']);
  });

  it('marks the caller’s favourites, only for valid credentials', async () => {
    const res = await list(`?categories[]=${cyber.id}`, member.headers).expect(200);
    expect(res.body.tools.map((tool: Tool) => [tool.name, tool.isFavorite])).toEqual([
      ['Diagnostic de sécurité informatique', false], ['Checklist du télétravail', true],
    ]);
    // Query-string credentials (email and token, docs/product/rules.md#R17) work too.
    const viaQuery = await list(`?categories[]=${cyber.id}&email=${encodeURIComponent(member.email)}&token=${member.token}`).expect(200);
    expect(viaQuery.body.tools[1].isFavorite).toBe(true);
    const forged = await list(`?categories[]=${cyber.id}`, { userEmail: member.email, userToken: 'not-a-real-token' }).expect(200);
    expect(forged.body.tools.every((tool: Tool) => tool.isFavorite === false)).toBe(true);
    const otherUser = await createTestUser(t.dataSource);
    const other = await list(`?categories[]=${cyber.id}`, otherUser.headers).expect(200);
    expect(other.body.tools.every((tool: Tool) => tool.isFavorite === false)).toBe(true);
  });

  it('lists only favourites for a signed-in caller, 401 otherwise', async () => {
    const mine = await list('?onlyFavorites=true', member.headers).expect(200);
    expect(mine.body).toMatchObject({ total: 1, lastPage: 1, page: 1 });
    expect(mine.body.tools[0]).toMatchObject({ id: teletravail.id, isFavorite: true });
    expect((await list('?onlyFavorites=false', member.headers).expect(200)).body.total).toBe(28);
    expect((await list('?onlyFavorites=true&difficulties[]=Simple', member.headers).expect(200)).body.total).toBe(0);
    expect((await list('?onlyFavorites=true').expect(401)).body).toEqual({ message: CatalogueMessages.favoritesNeedLogin });
    await list('?onlyFavorites=true', { userEmail: member.email, userToken: 'forged' }).expect(401);
  });

  it('gives admins the listing with max and downloadCount; 401 for guests, 403 for members', async () => {
    const all = await list('?max=100', admin.headers).expect(200);
    expect(all.body).toMatchObject({ total: 28, lastPage: 1, page: 1 });
    expect(all.body.tools).toHaveLength(28);
    expect(all.body.tools.find((tool: Tool) => tool.id === plan.id).downloadCount).toBe(50);
    const five = await list('?max=5&page=2', admin.headers).expect(200);
    expect(five.body).toMatchObject({ page: 2, lastPage: 6 });
    expect(five.body.tools).toHaveLength(5);
    expect((await list('?max=100', member.headers).expect(403)).body).toEqual({ message: CommonMessages.forbidden });
    expect((await list('?max=100').expect(401)).body.message).toBe(CommonMessages.unauthorized);
    expect((await list('?max=101', admin.headers).expect(400)).body).toEqual({ message: CatalogueMessages.invalidMax });
    expect((await list('?max=abc', admin.headers).expect(400)).body).toEqual({ message: CatalogueMessages.invalidMax });
  });

  it('shows a sheet by id and by slug, with isFavorite for the caller', async () => {
    const byId = await request(t.http).get(`/tools/${teletravail.id}`).expect(200);
    expect(byId.body.tool).toMatchObject({ id: teletravail.id, slug: teletravail.slug, isFavorite: false });
    const bySlug = await request(t.http).get(`/tools/${teletravail.slug}?email=${encodeURIComponent(member.email)}`).set(member.headers).expect(200);
    expect(bySlug.body.tool).toMatchObject({ id: teletravail.id, isFavorite: true, category: { name: 'Cybersécurité' } });
    // `?email=` alone is not a credential.
    const emailOnly = await request(t.http).get(`/tools/${teletravail.slug}?email=${encodeURIComponent(member.email)}`).expect(200);
    expect(emailOnly.body.tool.isFavorite).toBe(false);
  });

  it('redirects a former slug to the current sheet', async () => {
    await t.dataSource.query(`INSERT INTO tool_slug_history (slug, tool_id) VALUES ('ancien-nom-du-plan', $1)`, [plan.id]);
    const res = await request(t.http).get('/tools/ancien-nom-du-plan').expect(200);
    expect(res.body).toEqual({ url: `/toolspage/${plan.slug}` });
  });

  it.each(['999999', 'inconnu', '0', '99999999999999', 'Majuscules', '%00', 'a%20b', `${'x'.repeat(300)}`, '..%2F..%2Fetc'])(
    'answers an unknown sheet %s with a French 404',
    async (idOrSlug) => {
      const res = await request(t.http).get(`/tools/${idOrSlug}`).expect(404);
      expect(res.body).toEqual({ message: CatalogueMessages.toolNotFound });
    },
  );

  it('answers a malformed percent-encoding in the path with a 4xx, never a 500', async () => {
    const res = await request(t.http).get('/tools/%E0%A4%A');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('gives the newest featured tool as tool of the month, else the newest tool, else null', async () => {
    expect((await request(t.http).get('/api/tools/featured').expect(200)).body.tool.id).toBe(securite.id);
    await t.dataSource.query(`UPDATE tool SET is_featured = true WHERE id IN ($1, $2)`, [plan.id, teletravail.id]);
    const res = await request(t.http).get('/api/tools/featured').set(member.headers).expect(200);
    expect(res.body.tool).toMatchObject({ id: teletravail.id, isFeatured: true, isFavorite: true });
    await resetCatalogue(t.dataSource);
    expect((await request(t.http).get('/api/tools/featured').expect(200)).body).toEqual({ tool: null });
    expect((await list('').expect(200)).body).toEqual({ tools: [], page: 1, lastPage: 1, total: 0, facets: { categories: [], types: [], difficulties: [], accessible: 0 } });
  });
});
