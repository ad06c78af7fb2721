import request from 'supertest';
import { CatalogueMessages, CommonMessages } from '@outils/contracts';
import { createTestTool, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

describe('catalogue: favourites (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let tool: TestTool;
  let camille: TestUser;
  let dominique: TestUser;

  beforeAll(async () => {
    tool = await createTestTool(t);
    camille = await createTestUser(t.dataSource);
    dominique = await createTestUser(t.dataSource);
  });

  const favouritesOf = async (user: TestUser) =>
    (await t.dataSource.query(`SELECT tool_id FROM favorite WHERE user_id = $1 ORDER BY tool_id`, [user.user.id])).map(
      (r: { tool_id: number }) => r.tool_id,
    );

  it('adds and removes a favourite with multipart fields email, token, toolId (docs/product/rules.md#R17), idempotently', async () => {
    const create = () =>
      request(t.http).post('/api/favorites/create')
        .field('email', camille.email).field('token', camille.token).field('toolId', String(tool.id));
    expect((await create().expect(200)).body).toEqual({ success: true });
    expect((await create().expect(200)).body).toEqual({ success: true });
    expect(await favouritesOf(camille)).toEqual([tool.id]);

    const remove = () =>
      request(t.http).post('/api/favorites/delete')
        .field('email', camille.email).field('token', camille.token).field('toolId', String(tool.id));
    expect((await remove().expect(200)).body).toEqual({ success: true });
    expect((await remove().expect(200)).body).toEqual({ success: true });
    expect(await favouritesOf(camille)).toEqual([]);
  });

  it('accepts JSON and headers as well', async () => {
    await request(t.http).post('/api/favorites/create').set(camille.headers).send({ toolId: tool.id }).expect(200);
    await request(t.http).post('/api/favorites/create').set({ 'Access-Token': camille.token }).type('form').send({ toolId: String(tool.id) }).expect(200);
    expect(await favouritesOf(camille)).toEqual([tool.id]);
  });

  it('only ever touches the caller’s own favourites, whatever the body says', async () => {
    await request(t.http).post('/api/favorites/create').set(dominique.headers)
      .send({ toolId: tool.id, userId: camille.user.id, user_id: camille.user.id }).expect(200);
    expect(await favouritesOf(dominique)).toEqual([tool.id]);
    await request(t.http).post('/api/favorites/delete').set(dominique.headers).send({ toolId: tool.id, userId: camille.user.id }).expect(200);
    expect(await favouritesOf(dominique)).toEqual([]);
    expect(await favouritesOf(camille)).toEqual([tool.id]);
  });

  it.each(['create', 'delete'])('answers 401 in French without valid credentials on %s', async (action) => {
    const path = `/api/favorites/${action}`;
    expect((await request(t.http).post(path).send({ toolId: tool.id }).expect(401)).body).toEqual({ message: CommonMessages.unauthorized });
    expect((await request(t.http).post(path).set({ userEmail: camille.email, userToken: 'forged' }).send({ toolId: tool.id }).expect(401)).body)
      .toEqual({ message: CommonMessages.sessionInvalid });
    // A valid token with someone else's e-mail is refused (docs/product/rules.md#R18).
    await request(t.http).post(path).set({ userEmail: dominique.email, userToken: camille.token }).send({ toolId: tool.id }).expect(401);
    expect(await favouritesOf(camille)).toEqual([tool.id]);
  });

  it('answers 404 for an unknown tool and 400 for a malformed toolId, changing nothing', async () => {
    expect((await request(t.http).post('/api/favorites/create').set(camille.headers).send({ toolId: 999999 }).expect(404)).body)
      .toEqual({ message: CatalogueMessages.toolNotFound });
    expect((await request(t.http).post('/api/favorites/delete').set(camille.headers).send({ toolId: 999999 }).expect(404)).body)
      .toEqual({ message: CatalogueMessages.toolNotFound });
    for (const toolId of ['abc', -1, 0, 1.5, '99999999999', ["1"], { a: 1 }, "1' OR '1'='1", null]) {
      const res = await request(t.http).post('/api/favorites/create').set(camille.headers).send({ toolId }).expect(400);
      expect(res.body.errors.toolId[0]).toMatch(/identifiant de l’outil|obligatoire/);
    }
    const missing = await request(t.http).post('/api/favorites/create').set(camille.headers).send({}).expect(400);
    expect(missing.body).toEqual({ errors: { toolId: [CommonMessages.required('toolId')] } });
    expect(await favouritesOf(camille)).toEqual([tool.id]);
  });
});
