import express from 'express';
import request from 'supertest';
import { KeptReadsMiddleware } from './kept-reads.middleware';
import type { JsonReply, PublicReadsService } from './public-reads.service';

const KEPT: JsonReply = { body: Buffer.from('{"kept":true}'), etag: '"v1"', shared: true };

/** The middleware in front of a stand-in route that answers 418: a 418 means "left to the route". */
function appWith(reads: Partial<Record<'keptListing' | 'keptFilters' | 'keptFeatured' | 'keptSheet', jest.Mock>>) {
  const middleware = new KeptReadsMiddleware(reads as unknown as PublicReadsService);
  const app = express();
  app.set('query parser', 'extended');
  app.use((req, res, next) => middleware.use(req, res, next));
  app.use((_req, res) => res.status(418).json({ route: true }));
  return app;
}

describe('KeptReadsMiddleware (docs/product/rules.md#R841)', () => {
  it('answers a guest\'s kept listing, filters, tool of the month and sheet itself, with their ETag and 304', async () => {
    const reads = { keptListing: jest.fn(() => KEPT), keptFilters: jest.fn(() => KEPT), keptFeatured: jest.fn(() => KEPT), keptSheet: jest.fn(() => KEPT) };
    const app = appWith(reads);
    for (const path of ['/api/tools?categories%5B%5D=3', '/api/filters', '/api/tools/featured', '/tools/outil-%C3%A9t%C3%A9']) {
      const res = await request(app).get(path).expect(200);
      expect(res.body).toEqual({ kept: true });
      expect(res.headers.etag).toBe('"v1"');
    }
    await request(app).get('/api/filters').set('If-None-Match', '"v1"').expect(304);
    expect(reads.keptListing).toHaveBeenCalledWith('categories%5B%5D=3');
    expect(reads.keptSheet).toHaveBeenCalledWith('outil-été');
  });

  it('leaves to the route a query string not kept, a member, credentials in the query, a partner\'s link, other paths and writes', async () => {
    const reads = { keptListing: jest.fn(() => undefined), keptFilters: jest.fn(() => KEPT), keptFeatured: jest.fn(() => KEPT), keptSheet: jest.fn(() => KEPT) };
    const app = appWith(reads);
    await request(app).get('/api/tools?page=2').expect(418);
    await request(app).get('/api/tools/featured').set({ userEmail: 'a@example.com', userToken: 'jeton' }).expect(418);
    await request(app).get('/tools/outil-1?storedMail=a%40example.com&storedToken=jeton').expect(418);
    await request(app).get('/tools/outil-1?partenaire=abc').expect(418);
    await request(app).get('/tools/outil-1').set('Access-Token', 'jeton').expect(418);
    for (const path of ['/tools/download', '/tools/file', '/tools/images/abc', '/api/filters?x=1', '/tools/%E0%A4%A']) await request(app).get(path).expect(418);
    await request(app).post('/api/filters').expect(418);
    expect(reads.keptSheet).not.toHaveBeenCalled();
  });
});
