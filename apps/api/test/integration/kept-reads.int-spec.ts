import request from 'supertest';
import { eventually } from '@outils/server-testing';
import { createCategory, createTestTool, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

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
