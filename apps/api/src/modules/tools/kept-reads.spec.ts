import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { frontReads } from '../../common/http/front-reads';
import { KeptReads } from './kept-reads';
import type { ActiveSession, SessionsRepository } from '../../common/auth/sessions.repository';
import type { JsonReply, PublicReadsService } from './public-reads.service';

const KEPT: JsonReply = { body: Buffer.from('{"kept":true}'), etag: '"v1"', shared: true };

/** The first layer in front of a stand-in route that answers 418: a 418 means "left to the route". */
function appWith(
  reads: Partial<Record<'keptListing' | 'keptFilters' | 'keptFeatured' | 'keptSheet' | 'memberListing', jest.Mock>>,
  believed: Record<string, ActiveSession> = {},
) {
  const sessions = { believed: (token: string) => believed[token] };
  const kept = new KeptReads(reads as unknown as PublicReadsService, sessions as unknown as SessionsRepository);
  const app = express();
  app.set('query parser', 'extended');
  app.use(frontReads({ answer: (req) => kept.answer(req), leadingHeaders: [], observe: () => undefined, logger: pino({ level: 'silent' }) }));
  app.use((_req, res) => res.status(418).json({ route: true }));
  return app;
}

describe('KeptReads, answered by the first layer (docs/product/rules.md#R862)', () => {
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
    expect(reads.keptSheet).toHaveBeenCalledWith('outil-été', true);
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
    // A GET with a body may carry credentials in it: the route reads them.
    await request(app).get('/api/filters').set('Content-Type', 'application/json').send('{"storedToken":"jeton"}').expect(418);
    expect(reads.keptSheet).not.toHaveBeenCalled();
  });

  it('answers a member\'s listing the session cache vouches for with their own answer; anything it cannot vouch for goes to the route (docs/product/rules.md#R843)', async () => {
    const MINE: JsonReply = { body: Buffer.from('{"mine":true}'), shared: false };
    const reads = { keptListing: jest.fn(() => KEPT), memberListing: jest.fn(async () => MINE) };
    const member: ActiveSession = { sessionId: 's1', userId: 'u1', email: 'a@example.com', isAdmin: false };
    const admin: ActiveSession = { sessionId: 's2', userId: 'u2', email: 'admin@example.com', isAdmin: true };
    const app = appWith(reads, { jeton: member, admin });

    const mine = await request(app).get('/api/tools?page=2').set({ userEmail: 'A@example.com', userToken: 'jeton' }).expect(200);
    expect(mine.body).toEqual({ mine: true });
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    expect(reads.memberListing).toHaveBeenCalledWith('page=2', { id: 'u1', email: 'a@example.com', isAdmin: false, sessionId: 's1' });

    reads.memberListing.mockClear();
    await request(app).get('/api/tools').set('Access-Token', 'inconnu').expect(418);
    await request(app).get('/api/tools').set({ userEmail: 'b@example.com', userToken: 'jeton' }).expect(418);
    await request(app).get('/api/tools').set('Access-Token', 'admin').expect(418);
    await request(app).get('/api/tools?storedMail=a%40example.com&storedToken=jeton').expect(418);
    expect(reads.memberListing).not.toHaveBeenCalled();
    await request(app).get('/api/tools/featured').set('Access-Token', 'jeton').expect(418);

    reads.memberListing.mockImplementation(() => undefined as never);
    await request(app).get('/api/tools?page=3').set('Access-Token', 'jeton').expect(418);
    reads.memberListing.mockImplementation(async () => { throw new Error('lost'); });
    await request(app).get('/api/tools?page=3').set('Access-Token', 'jeton').expect(418);
  });
});
