import request from 'supertest';
import { CatalogueMessages, Tool } from '@outils/contracts';
import { RelatedToolsRepository } from '@outils/server-db';
import { eventually } from '@outils/server-testing';
import { CatalogueReadModel } from '../../src/modules/tools/read-model/catalogue-read-model';
import { pathOf } from '../factories/downloads';
import { createCategory, createTestTool, createToolType, NamedRow, SAMPLE_PDF, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

const DAY = 86_400_000;

/**
 * Drafts and scheduled publication (docs/product/rules.md#R650–R656): a tool that is a draft, or
 * scheduled for later, is absent from every public read, and present for admins; a scheduled
 * tool appears by itself when its moment comes, and the admin form refuses impossible choices.
 */
describe('catalogue: drafts and scheduled publication (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let admin: TestUser;
  let member: TestUser;
  let category: NamedRow;
  let type: NamedRow;
  let published: TestTool;
  let draft: TestTool;
  let scheduled: TestTool;
  const hidden = () => [draft, scheduled];

  beforeAll(async () => {
    category = await createCategory(t.dataSource, 'Gestion');
    type = await createToolType(t.dataSource, 'Modèle');
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    member = await createTestUser(t.dataSource);
    const common = { categoryId: category.id, typeId: type.id, description: 'Un calendrier de trésorerie à remplir.', isFeatured: true };
    published = await createTestTool(t, { ...common, name: 'Trésorerie publiée', slug: 'tresorerie-publiee', createdAt: new Date(Date.now() - 3 * DAY) });
    // Both newer than the published tool and flagged « outil du mois »: they would win everywhere if they were public.
    draft = await createTestTool(t, { ...common, name: 'Trésorerie brouillon', slug: 'tresorerie-brouillon', isDraft: true });
    scheduled = await createTestTool(t, { ...common, name: 'Trésorerie programmée', slug: 'tresorerie-programmee', publishAt: new Date(Date.now() + DAY) });
    // Related tools as the worker computes them: every tool of the category would be "similar".
    await new RelatedToolsRepository(t.dataSource).recompute();
  });

  const ids = (tools: Array<{ id: number }>) => tools.map((tool) => tool.id);

  /** Every public read, with what it shows of the catalogue (ids of the tools it lists or opens). */
  const publicReads: Array<[string, (as?: TestUser) => Promise<number[]>]> = [
    ['the listing', async (as) => ids((await get('/api/tools', as)).body.tools)],
    ['the listing filtered by category', async (as) => ids((await get(`/api/tools?categories[]=${category.id}`, as)).body.tools)],
    ['the listing by popularity', async (as) => ids((await get('/api/tools?sort=popular', as)).body.tools)],
    ['the search', async (as) => ids((await get('/api/tools?q=tresorerie', as)).body.tools)],
    ['the listing’s total', async (as) => Array.from({ length: (await get('/api/tools?q=tresorerie', as)).body.total }, () => 0)],
    ['the tool of the month', async (as) => { const { tool } = (await get('/api/tools/featured', as)).body; return tool ? [tool.id] : []; }],
    ['the related tools of the published sheet', async (as) => ids((await get(`/api/related-tools/${published.id}`, as)).body.tools.map((x: { tool: Tool }) => x.tool))],
    ['« Pour vous »', async (as) => ids((await get('/api/for-you', as)).body.tools.map((x: { tool: Tool }) => x.tool))],
    ['the sitemap', async () => {
      const xml = (await request(t.http).get('/api/seo/sitemap.xml').expect(200)).text;
      return [published, draft, scheduled].filter((tool) => xml.includes(`/toolspage/${tool.slug}<`)).map((tool) => tool.id);
    }],
  ];

  const get = (path: string, as?: TestUser) => {
    const req = request(t.http).get(path);
    return (as ? req.set(as.headers) : req).expect(200);
  };

  it.each(publicReads)('%s shows only the published tool, to guests and members alike (R651)', async (_name, read) => {
    for (const as of [undefined, member]) {
      const seen = await read(as);
      for (const tool of hidden()) expect(seen).not.toContain(tool.id);
    }
    const seen = await read();
    if (seen.length && seen[0] !== 0) expect(seen).toContain(published.id);
  });

  it('never counts nor suggests an unpublished tool in a search, whatever its order, filters or page (R651, R610, R611)', async () => {
    for (const as of [undefined, member]) {
      for (const query of ['q=tresorerie', 'q=tresorerie&sort=recent', `q=tresorerie&categories[]=${category.id}&sort=relevance`, 'q=treso&sort=shortest', 'q=treso&sort=popular']) {
        const { body } = await get(`/api/tools?${query}`, as);
        expect(ids(body.tools)).toEqual([published.id]);
        expect(body.total).toBe(1);
        expect(body.facets.categories).toEqual([{ id: category.id, count: 1 }]);
        expect(body.facets.types).toEqual([{ id: type.id, count: 1 }]);
      }
    }
    const suggested = (await get('/api/tools/suggestions?q=treso')).body;
    expect(ids(suggested.tools)).toEqual([published.id]);
  });

  it('gives the public a 404 for the sheet, the page head and the download of an unpublished tool (R651)', async () => {
    for (const tool of hidden()) {
      for (const path of [`/tools/${tool.id}`, `/tools/${tool.slug}`]) {
        expect((await request(t.http).get(path).expect(404)).body).toEqual({ message: CatalogueMessages.toolNotFound });
        await request(t.http).get(path).set(member.headers).expect(404);
      }
      const head = await request(t.http).get('/api/seo/head').query({ path: `/toolspage/${tool.slug}` }).expect(200);
      expect(head.text).toContain('noindex');
      expect(head.text).not.toContain(tool.name);
      await request(t.http).get(`/tools/download?toolId=${tool.id}`).expect(404);
      await request(t.http).get(`/tools/download?toolId=${tool.id}`).set(member.headers).expect(404);
      expect((await request(t.http).post('/api/favorites/create').set(member.headers).send({ toolId: tool.id }).expect(404)).body)
        .toEqual({ message: CatalogueMessages.toolNotFound });
    }
    await request(t.http).get(`/tools/${published.slug}`).expect(200);
  });

  it('lets an admin preview an unpublished sheet, list it with its date, and fetch its file (R655, R656)', async () => {
    for (const tool of hidden()) {
      const sheet = (await request(t.http).get(`/tools/${tool.id}`).set(admin.headers).expect(200)).body.tool;
      expect(sheet).toMatchObject({ id: tool.id, name: tool.name });
      const { body: link } = await request(t.http).get(`/tools/download?toolId=${tool.id}`).set(admin.headers).expect(200);
      const file = await request(t.http).get(pathOf(link.url)).buffer(true).parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(Buffer.compare(file.body as Buffer, SAMPLE_PDF)).toBe(0);
    }
    const list: Tool[] = (await request(t.http).get('/api/tools?max=100').set(admin.headers).expect(200)).body.tools;
    const byId = new Map(list.map((tool) => [tool.id, tool]));
    expect(byId.get(draft.id)?.publishedAt).toBeNull();
    expect(Date.parse(byId.get(scheduled.id)!.publishedAt!)).toBeGreaterThan(Date.now());
    expect(Date.parse(byId.get(published.id)!.publishedAt!)).toBeLessThan(Date.now() - 2 * DAY);
  });

  it('shows a shared folder’s unpublished tool as unavailable and leaves it out of the kit count (R651)', async () => {
    const tool = await createTestTool(t, { categoryId: category.id, typeId: type.id, name: 'Bientôt retiré' });
    const { body } = await request(t.http).post('/api/folders/create').set(admin.headers).send({ name: 'Kit test', toolId: tool.id }).expect(200);
    const folderId = body.folder?.id ?? body.id;
    const { shareToken } = (await request(t.http).post(`/api/folders/${folderId}/share`).set(admin.headers).expect(200)).body.folder;
    expect((await request(t.http).get(`/api/shared-folders/${shareToken}`).expect(200)).body.folder.items[0].tool).toMatchObject({ id: tool.id });
    await t.dataSource.query(`UPDATE tool SET is_draft = true WHERE id = $1`, [tool.id]);
    const item = (await request(t.http).get(`/api/shared-folders/${shareToken}`).expect(200)).body.folder.items[0];
    expect(item).toMatchObject({ toolId: null, tool: null, name: 'Bientôt retiré' });
    await request(t.http).post(`/api/folders/${folderId}/tools/add`).set(admin.headers).send({ toolId: draft.id }).expect(404);
  });

  it('counts « Publié… » from the publication date and orders the listing by it (R653)', async () => {
    // Created long ago, published a moment ago: first of the listing, and « new ».
    const old = await createTestTool(t, { categoryId: category.id, typeId: type.id, name: 'Ancien brouillon', createdAt: new Date(Date.now() - 300 * DAY), isDraft: true });
    await request(t.http).get(`/tools/${old.id}`).expect(404);
    await request(t.http).post('/admin/tools/update').set(admin.headers)
      .field('toolId', String(old.id)).field('description', 'Un ancien brouillon.').field('publication', 'published').expect(200);
    const listing: Tool[] = (await get('/api/tools')).body.tools;
    expect(listing[0]).toMatchObject({ id: old.id });
    expect(Date.now() - Date.parse(listing[0].publishedAt!)).toBeLessThan(DAY);
    expect(Date.now() - Date.parse(listing[0].createdAt)).toBeGreaterThan(299 * DAY);
  });

  it('makes a scheduled tool appear by itself at its moment, with a new ETag (R652)', async () => {
    const before = await get('/api/tools');
    const etag = before.headers.etag;
    const soon = await createTestTool(t, { categoryId: category.id, typeId: type.id, name: 'Publié tout seul', publishAt: new Date(Date.now() + 60 * 60_000) });
    await request(t.http).get(`/tools/${soon.id}`).expect(404);
    // The admin brings the moment to two seconds from now: no write happens at that moment.
    const at = new Date(Date.now() + 2_000).toISOString();
    await request(t.http).post('/admin/tools/update').set(admin.headers)
      .field('toolId', String(soon.id)).field('description', 'Bientôt.').field('publication', 'scheduled').field('publishAt', at).expect(200);
    expect(ids((await get('/api/tools')).body.tools)).not.toContain(soon.id);
    const model = t.app.get(CatalogueReadModel);
    await eventually(async () => {
      expect(model.index.byIdOrNull(soon.id)).not.toBeNull();
    }, { timeoutMs: 20_000 });
    const after = await get('/api/tools');
    expect(ids(after.body.tools)).toContain(soon.id);
    expect(after.headers.etag).not.toBe(etag);
    await request(t.http).get(`/tools/${soon.slug}`).expect(200);
  });

  it('patches in a tool whose moment was moved into the past in the database, on the next look at the schedule (R652)', async () => {
    const later = await createTestTool(t, { categoryId: category.id, typeId: type.id, name: 'Avancé en base', publishAt: new Date(Date.now() + DAY) });
    const model = t.app.get(CatalogueReadModel);
    await model.sync();
    expect(model.index.byIdOrNull(later.id)).toBeNull();
    await t.dataSource.query(`UPDATE tool SET publish_at = now() - interval '1 minute' WHERE id = $1`, [later.id]);
    await model.sync();
    await model.checkPublications();
    expect(model.index.byIdOrNull(later.id)).not.toBeNull();
    expect(ids((await get('/api/tools')).body.tools)).toContain(later.id);
  });

  describe('the admin form’s publication choice (R654)', () => {
    const create = (fields: Record<string, string>) => {
      let req = request(t.http).post('/admin/tools/create').set(admin.headers)
        .field('title', `Outil ${Math.random().toString(36).slice(2)}`).field('description', 'Un outil.').field('type', String(type.id))
        .field('category', String(category.id)).field('difficulty', 'Simple');
      for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
      return req.attach('toolFile', SAMPLE_PDF, 'outil.pdf');
    };
    const countTools = async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM tool`))[0].n as number;

    it.each([
      [{ publication: 'later' }, 'publication', CatalogueMessages.publicationInvalid],
      [{ publication: 'scheduled' }, 'publishAt', CatalogueMessages.publishAtRequired],
      [{ publication: 'scheduled', publishAt: '12/12/2030 09:00' }, 'publishAt', CatalogueMessages.publishAtInvalid],
      [{ publication: 'scheduled', publishAt: '2030-12-12T09:00' }, 'publishAt', CatalogueMessages.publishAtInvalid],
      [{ publication: 'scheduled', publishAt: '2020-12-12T09:00:00+01:00' }, 'publishAt', CatalogueMessages.publishAtPast],
      [{ publication: 'scheduled', publishAt: '2999-12-12T09:00:00+01:00' }, 'publishAt', CatalogueMessages.publishAtTooFar(5)],
    ])('refuses %j with a French message on %s, creating nothing', async (fields, field, message) => {
      const before = await countTools();
      const res = await create(fields).expect(400);
      expect(res.body.errors[field]).toEqual([message]);
      expect(await countTools()).toBe(before);
    });

    it('creates a draft, a scheduled tool and a published one as asked', async () => {
      const at = new Date(Date.now() + 3 * DAY);
      const made = {
        draft: (await create({ publication: 'draft' }).expect(200)).body.id,
        scheduled: (await create({ publication: 'scheduled', publishAt: at.toISOString() }).expect(200)).body.id,
        published: (await create({ publication: 'published' }).expect(200)).body.id,
        unsaid: (await create({}).expect(200)).body.id,
      };
      const sheet = async (id: number) => (await request(t.http).get(`/tools/${id}`).set(admin.headers).expect(200)).body.tool as Tool;
      expect((await sheet(made.draft)).publishedAt).toBeNull();
      expect((await sheet(made.scheduled)).publishedAt).toBe(at.toISOString());
      await request(t.http).get(`/tools/${made.draft}`).expect(404);
      await request(t.http).get(`/tools/${made.scheduled}`).expect(404);
      await request(t.http).get(`/tools/${made.published}`).expect(200);
      await request(t.http).get(`/tools/${made.unsaid}`).expect(200);
    });
  });
});
