import request from 'supertest';
import { eventually } from '@outils/server-testing';
import { createCategory, createTestTool, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';
import { SessionsRepository } from '../../src/common/auth/sessions.repository';
import { PublicReadsService } from '../../src/modules/tools/public-reads.service';
import { CatalogueReadModel } from '../../src/modules/tools/read-model/catalogue-read-model';

/**
 * A guest's read of a kept answer is answered before the route (docs/product/rules.md#R841): the
 * same bytes, headers and 304s, counted and labelled like any request, never for a member, and
 * never once the catalogue changed.
 */
describe('kept public reads answered before the route (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let categoryId: number;
  let first: TestTool;
  let member: TestUser;

  beforeAll(async () => {
    categoryId = (await createCategory(t.dataSource)).id;
    first = await createTestTool(t, { categoryId, description: 'Un outil assez décrit pour dépasser le kilo-octet. '.repeat(30) });
    member = await createTestUser(t.dataSource);
  });

  const countOf = async (route: string, status = 200) => {
    const text = (await request(t.http).get('/metrics').expect(200)).text;
    const line = text.split('\n').find((l) => l.startsWith(`outils_http_requests_total{method="GET",route="${route}",status="${status}"}`));
    return line ? Number(line.split(' ').pop()) : 0;
  };
  const listing = `/api/tools?categories%5B%5D=`;

  it('answers the same query string again with the same bytes, ETag and gzip copy, counted under the route\'s label', async () => {
    const path = `${listing}${categoryId}`;
    await eventually(async () => expect((await request(t.http).get(path).expect(200)).body.tools).toHaveLength(1));
    const [before, notModifiedBefore] = [await countOf('/api/tools'), await countOf('/api/tools', 304)];
    const firstAnswer = await request(t.http).get(path).set('Accept-Encoding', 'identity').expect(200);
    const again = await request(t.http).get(path).set('Accept-Encoding', 'identity').expect(200);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.text).toBe(firstAnswer.text);
    expect(again.headers.etag).toBe(firstAnswer.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=30');
    expect(again.headers['x-request-id']).toBeTruthy();
    expect(again.headers['access-control-allow-origin']).toBe('*');
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    await request(t.http).get(path).set('If-None-Match', firstAnswer.headers.etag as string).expect(304);
    const zipped = await request(t.http).get(path).set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe((firstAnswer.headers.etag as string).replace(/"$/, '-gzip"'));
    expect(zipped.body).toEqual(firstAnswer.body);
    expect(await countOf('/api/tools')).toBe(before + 3);
    expect(await countOf('/api/tools', 304)).toBe(notModifiedBefore + 1);
  });

  it('answers from the first layer with every header the route gave the same read: security headers, CORS, caching (R862)', async () => {
    const path = `${listing}${categoryId}&page=1&entetes=1`;
    const headersOf = (res: request.Response) => {
      const { date: _date, 'x-request-id': id, ...rest } = res.headers;
      expect(id).toMatch(/^[\w-]+$/);
      return rest;
    };
    const routeAnswers = jest.spyOn(t.app.get(PublicReadsService), 'list');
    for (const encoding of ['identity', 'gzip']) {
      const fromRoute = await request(t.http).get(`${path}&${encoding}`).set({ 'Accept-Encoding': encoding, Origin: 'https://ailleurs.example' }).expect(200);
      const calls = routeAnswers.mock.calls.length;
      const fromFirstLayer = await request(t.http).get(`${path}&${encoding}`).set({ 'Accept-Encoding': encoding, Origin: 'https://ailleurs.example' }).expect(200);
      expect(routeAnswers.mock.calls.length).toBe(calls); // the route was not reached
      expect(headersOf(fromFirstLayer)).toEqual(headersOf(fromRoute));
      expect(fromFirstLayer.headers['content-security-policy']).toBeTruthy();
      expect(fromFirstLayer.headers['access-control-expose-headers']).toBe('X-Request-Id,Retry-After,ETag');
      const notModifiedByRoute = await request(t.http).get(`${path}&${encoding}&304`).set({ 'Accept-Encoding': encoding, 'If-None-Match': fromRoute.headers.etag as string });
      const notModifiedByFirstLayer = await request(t.http).get(`${path}&${encoding}&304`).set({ 'Accept-Encoding': encoding, 'If-None-Match': fromRoute.headers.etag as string }).expect(304);
      expect(notModifiedByRoute.status).toBe(304);
      expect(headersOf(notModifiedByFirstLayer)).toEqual(headersOf(notModifiedByRoute));
    }
    // A request id sent by the gateway is the one sent back.
    expect((await request(t.http).get(`${path}&identity`).set('X-Request-Id', 'passerelle-42').expect(200)).headers['x-request-id']).toBe('passerelle-42');
    routeAnswers.mockRestore();
  });

  it('drops a kept answer and its gzip copy as soon as the catalogue changes: a new tool shows at once', async () => {
    const path = `${listing}${categoryId}`;
    const old = await request(t.http).get(path).set('Accept-Encoding', 'gzip').expect(200);
    const added = await createTestTool(t, { categoryId, name: 'Un outil tout neuf' });
    const fresh = await eventually(async () => {
      const res = await request(t.http).get(path).set('Accept-Encoding', 'gzip').expect(200);
      expect(res.body.tools.map((x: { id: number }) => x.id)).toContain(added.id);
      return res;
    });
    expect(fresh.headers.etag).not.toBe(old.headers.etag);
    await request(t.http).get(path).set('If-None-Match', old.headers.etag as string).expect(200);
  });

  it('never gives a member, nor a query carrying credentials, the guest\'s kept answer: a favourite added shows at once', async () => {
    const path = `${listing}${categoryId}`;
    await request(t.http).get(path).expect(200);
    await request(t.http).get(path).expect(200);
    await request(t.http).post('/api/favorites/create').set(member.headers).send({ toolId: first.id }).expect(200);

    const mine = await request(t.http).get(path).set(member.headers).expect(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.body.tools.find((x: { id: number }) => x.id === first.id).isFavorite).toBe(true);
    const inQuery = await request(t.http).get(`${path}&storedMail=${encodeURIComponent(member.email)}&storedToken=${member.token}`).expect(200);
    expect(inQuery.headers['cache-control']).toBe('private, no-store');
    expect(inQuery.body.tools.find((x: { id: number }) => x.id === first.id).isFavorite).toBe(true);
    const guest = await request(t.http).get(path).expect(200);
    expect(guest.body.tools.find((x: { id: number }) => x.id === first.id).isFavorite).toBe(false);
  });

  it('answers a member\'s listing before the route with their own favourites, at once after a change, never to another member, and a guest\'s once logged out (docs/product/rules.md#R843)', async () => {
    const path = `${listing}${categoryId}&page=1`;
    const queryString = path.slice(path.indexOf('?') + 1);
    const camille = await createTestUser(t.dataSource);
    const dominique = await createTestUser(t.dataSource);
    const isFavorite = (res: request.Response, id: number) => res.body.tools.find((x: { id: number }) => x.id === id).isFavorite;
    await request(t.http).get(path).expect(200); // a guest's: the query string is validated and kept
    await request(t.http).post('/api/favorites/create').set(camille.headers).send({ toolId: first.id }).expect(200);
    // The first read of each member goes through the route, which checks the session and reads the favourites.
    expect(isFavorite(await request(t.http).get(path).set(camille.headers).expect(200), first.id)).toBe(true);
    expect(isFavorite(await request(t.http).get(path).set(dominique.headers).expect(200), first.id)).toBe(false);

    const reads = t.app.get(PublicReadsService);
    const asCamille = { id: camille.user.id, email: camille.email, isAdmin: false, sessionId: 'any' };
    expect(t.app.get(SessionsRepository).believes(camille.token)).toBe(true);
    expect(reads.memberListing(queryString, asCamille)).toBeDefined();
    const mine = await request(t.http).get(path).set(camille.headers).expect(200);
    expect(isFavorite(mine, first.id)).toBe(true);
    // The guest's page, byte for byte in JSON, with her star set (docs/product/rules.md#R863).
    const guestPage = (await request(t.http).get(path).expect(200)).body as { tools: Array<{ id: number }> };
    expect(mine.body).toEqual({ ...guestPage, tools: guestPage.tools.map((x) => ({ ...x, isFavorite: x.id === first.id })) });
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    const theirs = await request(t.http).get(path).set(dominique.headers).expect(200);
    expect(isFavorite(theirs, first.id)).toBe(false);

    // Removed: shown at once, to her only.
    await request(t.http).post('/api/favorites/delete').set(camille.headers).send({ toolId: first.id }).expect(200);
    expect(isFavorite(await request(t.http).get(path).set(camille.headers).expect(200), first.id)).toBe(false);
    await request(t.http).post('/api/favorites/create').set(dominique.headers).send({ toolId: first.id }).expect(200);
    expect(isFavorite(await request(t.http).get(path).set(dominique.headers).expect(200), first.id)).toBe(true);
    expect(isFavorite(await request(t.http).get(path).set(camille.headers).expect(200), first.id)).toBe(false);
    // Another member's address with Dominique's token is not her session: a guest's page, as before.
    const mixed = await request(t.http).get(path).set({ userEmail: camille.email, userToken: dominique.token }).expect(200);
    expect(isFavorite(mixed, first.id)).toBe(false);
    expect(mixed.headers['cache-control']).toBe('private, no-store');
    // Logged out: her token no longer names her, the route answers it as a guest's, as before.
    await request(t.http).post('/api/logout').set(dominique.headers).expect(200);
    expect(t.app.get(SessionsRepository).believes(dominique.token)).toBe(false);
    const after = await request(t.http).get(path).set(dominique.headers).expect(200);
    expect(isFavorite(after, first.id)).toBe(false);
    // And a query she alone may ask still needs a session.
    await request(t.http).get(`${path}&onlyFavorites=true`).set(dominique.headers).expect(401);
  });

  it('answers a published sheet before the route at its first read, by id and by slug alike: one answer, one ETag (docs/product/rules.md#R897)', async () => {
    const tool = await createTestTool(t, { categoryId, name: 'Une fiche jamais lue' });
    const draft = await createTestTool(t, { categoryId, name: 'Un brouillon', isDraft: true });
    await t.app.get(CatalogueReadModel).sync();
    // Nobody asked for it yet, and the answer before the route already has it.
    expect(JSON.parse(t.app.get(PublicReadsService).keptSheet(tool.slug, false)!.body.toString()).tool.name).toBe('Une fiche jamais lue');
    expect(t.app.get(PublicReadsService).keptSheet(String(draft.id), true)).toBeUndefined();
    const byId = await request(t.http).get(`/tools/${tool.id}`).set('Accept-Encoding', 'identity').expect(200);
    const bySlug = await request(t.http).get(`/tools/${tool.slug}`).set('Accept-Encoding', 'identity').expect(200);
    expect(bySlug.text).toBe(byId.text);
    expect(bySlug.body.tool.name).toBe('Une fiche jamais lue');
    expect(bySlug.headers.etag).toBe(byId.headers.etag);
    expect(bySlug.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=30');
    // A browser holding the copy of one address has the other's too.
    await request(t.http).get(`/tools/${tool.slug}`).set('If-None-Match', byId.headers.etag as string).expect(304);
    // A member still gets their own answer, never the kept one.
    const mine = await request(t.http).get(`/tools/${tool.slug}`).set(member.headers).expect(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    // What memory does not hold is the route's, as before: a draft and an unknown address are the French 404.
    for (const path of [`/tools/${draft.id}`, `/tools/${draft.slug}`, '/tools/aucun-outil-de-ce-nom']) {
      const missing = await request(t.http).get(path).expect(404);
      expect(missing.body.message).toBe('Cet outil est introuvable.');
    }
  });

  it('answers a plain sheet from the tool itself, keeping nothing, and keeps its gzip copy within the bound; a changed tool gets a new tag (docs/product/rules.md#R897)', async () => {
    const tool = await createTestTool(t, { categoryId, name: 'Une fiche à taguer', description: 'Une description assez longue pour être compressée. '.repeat(30) });
    await t.app.get(CatalogueReadModel).sync();
    const model = t.app.get(CatalogueReadModel);
    const keptBefore = model.kept.replies;
    const plain = await request(t.http).get(`/tools/${tool.slug}`).set('Accept-Encoding', 'identity').expect(200);
    const again = await request(t.http).get(`/tools/${tool.id}`).set('Accept-Encoding', 'identity').expect(200);
    expect(again.text).toBe(plain.text);
    expect(again.headers.etag).toBe(plain.headers.etag);
    // Nothing was kept for the plain bytes: they are the tool's own.
    expect(model.kept.replies).toBe(keptBefore);
    await request(t.http).get(`/tools/${tool.slug}`).set('If-None-Match', plain.headers.etag as string).expect(304);
    // The gzip copy is the same answer, under its own tag, and it is kept.
    const zipped = await request(t.http).get(`/tools/${tool.slug}`).set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe((plain.headers.etag as string).replace(/"$/, '-gzip"'));
    expect(zipped.text).toBe(plain.text);
    expect(model.kept.replies).toBe(keptBefore + 1);
    // The tool changes: a new tag, and the old copy is no longer current.
    await t.dataSource.query(`UPDATE tool SET name = 'Une fiche retaguée' WHERE id = $1`, [tool.id]);
    await model.sync();
    const changed = await request(t.http).get(`/tools/${tool.slug}`).set('Accept-Encoding', 'identity').set('If-None-Match', plain.headers.etag as string).expect(200);
    expect(changed.body.tool.name).toBe('Une fiche retaguée');
    expect(changed.headers.etag).not.toBe(plain.headers.etag);
    const changedZipped = await request(t.http).get(`/tools/${tool.id}`).set('Accept-Encoding', 'gzip').expect(200);
    expect(changedZipped.headers.etag).toBe((changed.headers.etag as string).replace(/"$/, '-gzip"'));
    expect(changedZipped.body.tool.name).toBe('Une fiche retaguée');
  });

  it('answers a kept sheet, the filters and the tool of the month again under their own labels; a refused query stays a French 400', async () => {
    const sheetBefore = await countOf('/tools/:idOrSlug');
    const a = await request(t.http).get(`/tools/${first.slug}`).expect(200);
    const b = await request(t.http).get(`/tools/${first.slug}`).expect(200);
    expect(b.text).toBe(a.text);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(await countOf('/tools/:idOrSlug')).toBe(sheetBefore + 2);

    const filters = [await request(t.http).get('/api/filters').expect(200), await request(t.http).get('/api/filters').expect(200)];
    expect(filters[1].text).toBe(filters[0].text);
    const featured = [await request(t.http).get('/api/tools/featured').expect(200), await request(t.http).get('/api/tools/featured').expect(200)];
    expect(featured[1].text).toBe(featured[0].text);

    for (let i = 0; i < 2; i += 1) {
      const refused = await request(t.http).get('/api/tools?categories%5B%5D=x').expect(400);
      expect(refused.body.message).toMatch(/Sujet/);
    }
  });
});
