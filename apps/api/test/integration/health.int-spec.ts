import request from 'supertest';
import { useTestApp } from '../support/suite-app';

describe('HTTP foundation (real PostgreSQL and Redis)', () => {
  const t = useTestApp();

  it('reports PostgreSQL and Redis up on /health', async () => {
    const res = await request(t.http).get('/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' } });
  });

  it('answers an unknown path with a French 404', async () => {
    const res = await request(t.http).get('/nope').expect(404);
    expect(res.body).toEqual({ message: 'Cette adresse n’existe pas.' });
  });

  it('answers malformed JSON with a French 400 and no stack', async () => {
    const res = await request(t.http).post('/nope').set('Content-Type', 'application/json').send('{"a":').expect(400);
    expect(res.body).toEqual({ message: 'Le contenu envoyé est illisible : vérifiez le format des données.' });
  });

  it('answers an oversized body with a French 413', async () => {
    const res = await request(t.http).post('/nope').set('Content-Type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(200_000) })).expect(413);
    expect(res.body.message).toBe('Le contenu envoyé est trop volumineux.');
  });

  it.each([
    ['without a boundary', 'multipart/form-data', 'x'],
    ['cut short', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nabc'],
  ])('answers a multipart body %s with a French 400', async (_label, contentType, body) => {
    const res = await request(t.http).post('/api/login/new/email').set('Content-Type', contentType).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/illisible|invalide/);
  });

  it('allows the web origin and its credential headers through CORS', async () => {
    const res = await request(t.http).options('/api/user/show')
      .set('Origin', 'http://localhost:4299').set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'usertoken,useremail');
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:4299');
    expect(res.headers['access-control-allow-headers']).toMatch(/userToken/i);
    const other = await request(t.http).options('/api/user/show')
      .set('Origin', 'http://evil.example').set('Access-Control-Request-Method', 'GET');
    expect(other.headers['access-control-allow-origin']).not.toBe('http://evil.example');
  });

  it('serves the OpenAPI document', async () => {
    const res = await request(t.http).get('/api/docs-json').expect(200);
    expect(res.body.info.title).toBe('Outils — API');
    // The validated inputs are documented from their DTOs.
    const listing = res.body.paths['/api/tools'].get.parameters.map((p: { name: string }) => p.name);
    expect(listing).toEqual(expect.arrayContaining(['page', 'categories', 'types', 'difficulties', 'onlyFavorites', 'max', 'q', 'sort']));
    expect(res.body.paths['/tools/download'].get.parameters.map((p: { name: string }) => p.name)).toContain('toolId');
    expect(Object.keys(res.body.components.schemas)).toEqual(expect.arrayContaining(['CreateToolDto', 'UpdateToolDto', 'ToolIdDto', 'FavoriteDto']));
    expect(Object.keys(res.body.components.schemas.CreateToolDto.properties)).toEqual(expect.arrayContaining(['title', 'description', 'type', 'category', 'difficulty']));
  });
});
