import { Writable } from 'node:stream';
import express from 'express';
import helmet from 'helmet';
import pino from 'pino';
import request from 'supertest';
import { FrontAnswer, frontReads, headersSetBy } from './front-reads';

const KEPT: FrontAnswer = { reply: { body: Buffer.from('{"kept":true}'), etag: '"v1"', shared: true }, route: '/api/filters' };

/** The first layer, a stand-in for every later one (it sets a header) and a route answering 418. */
function appWith(answer: (path: string) => ReturnType<Parameters<typeof frontReads>[0]['answer']>, level = 'info') {
  const observed: Array<[string, string, number]> = [];
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({ write: (chunk, _enc, done) => { lines.push(JSON.parse(String(chunk))); done(); } });
  const logger = pino({ level, serializers: { req: (req: { id: string; url: string }) => ({ id: req.id, path: req.url }) } }, sink);
  const app = express();
  app.use(frontReads({
    answer: (req) => answer(req.url),
    leadingHeaders: ['X-Content-Type-Options', 'nosniff', 'Access-Control-Allow-Origin', '*'],
    observe: (method, route, status) => observed.push([method, route, status]),
    logger,
  }));
  app.use((_req, res, next) => { res.setHeader('X-Later-Layer', 'oui'); next(); });
  app.use((_req, res) => res.status(418).json({ route: true }));
  return { app, observed, lines };
}

describe('frontReads: the kept reads written by the first layer (docs/product/rules.md#R862)', () => {
  it('writes the later layers\' headers, the request id, the caching headers and the body, counted and logged under the route\'s label', async () => {
    const { app, observed, lines } = appWith(() => KEPT);
    const res = await request(app).get('/api/filters').set('X-Request-Id', 'demande-1').expect(200);
    expect(res.body).toEqual({ kept: true });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': '*',
      'x-request-id': 'demande-1',
      etag: '"v1"',
      'cache-control': 'public, max-age=0, s-maxage=10, stale-while-revalidate=30',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(res.headers['x-later-layer']).toBeUndefined();
    await request(app).get('/api/filters').set('If-None-Match', '"v1"').expect(304);
    await request(app).head('/api/filters').expect(200);
    expect(observed).toEqual([['GET', '/api/filters', 200], ['GET', '/api/filters', 304], ['HEAD', '/api/filters', 200]]);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ msg: 'request completed', route: '/api/filters', req: { id: 'demande-1', path: '/api/filters' }, res: { statusCode: 200 } });
    expect(typeof lines[0].responseTime).toBe('number');
  });

  it('names the member in the request line, and writes no line when the level drops it', async () => {
    const mine: FrontAnswer = { reply: { body: Buffer.from('{"mine":true}'), shared: false }, route: '/api/tools', user: { id: 'u1' } };
    const { app, lines } = appWith(async () => mine);
    const res = await request(app).get('/api/tools').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(lines[0]).toMatchObject({ userId: 'u1', route: '/api/tools' });
    const quiet = appWith(() => KEPT, 'warn');
    await request(quiet.app).get('/api/filters').expect(200);
    expect(quiet.lines).toHaveLength(0);
    expect(quiet.observed).toHaveLength(1);
  });

  it('leaves everything else to the later layers untouched: no answer, an answer that fails, a write, a body', async () => {
    const { app, observed, lines } = appWith((path) => (path === '/none' ? undefined : path === '/later' ? Promise.resolve(undefined) : path === '/fails' ? Promise.reject(new Error('perdu')) : KEPT));
    for (const path of ['/none', '/later', '/fails']) {
      const res = await request(app).get(path).expect(418);
      expect(res.headers['x-later-layer']).toBe('oui');
      expect(res.headers['x-content-type-options']).toBeUndefined();
      expect(res.headers['x-request-id']).toBeUndefined();
    }
    await request(app).post('/api/filters').expect(418);
    await request(app).get('/api/filters').set('Content-Type', 'application/json').send('{}').expect(418);
    expect(observed).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('records helmet\'s headers as helmet sets them on an answer', async () => {
    const security = helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } });
    const recorded = headersSetBy(security);
    const app = express();
    app.use(security);
    app.get('/', (_req, res) => { res.end(); });
    const res = await request(app).get('/').expect(200);
    const names = recorded.filter((_v, i) => i % 2 === 0);
    expect(names).toContain('Content-Security-Policy');
    for (const name of names) expect(res.headers[name.toLowerCase()]).toBe(recorded[recorded.indexOf(name) + 1]);
  });
});
