import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetTimeoutError, keptOpenGets } from './kept-open-gets';

/**
 * docs/product/rules.md#R846: the web server's reads of the API go over connections kept open
 * from one read to the next, uncompressed, each within its wait; any status comes back with its
 * body, and a server that does not answer is a failure the caller can tell apart (a timeout).
 */
describe('keptOpenGets', () => {
  let server: Server;
  let origin: string;
  let connections = 0;
  const seen: IncomingHttpHeaders[] = [];
  let answer: (path: string) => { status: number; type?: string; body: string } | null | 'cut' = () => null;
  const gets = keptOpenGets({ maxSocketsPerOrigin: 4 });

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      const reply = answer(req.url ?? '');
      if (reply === 'cut') {
        res.writeHead(200, { 'Content-Length': '100' }).write('début');
        return void res.socket?.destroy();
      }
      // null: the server never answers.
      if (reply) res.writeHead(reply.status, reply.type ? { 'Content-Type': reply.type } : {}).end(reply.body);
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    gets.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
    connections = 0;
  });

  it('reads one answer after another over one kept-open connection, sending only the headers given', async () => {
    answer = (path) => ({ status: 200, type: 'application/json; charset=utf-8', body: JSON.stringify({ path, texte: 'Sécurité' }) });
    const first = await gets.get(`${origin}/api/un`, { headers: { accept: 'application/json' }, timeoutMs: 2_000 });
    const second = await gets.get(`${origin}/api/deux`, { headers: { accept: 'application/json' }, timeoutMs: 2_000 });
    expect(first).toEqual({ status: 200, contentType: 'application/json; charset=utf-8', text: '{"path":"/api/un","texte":"Sécurité"}' });
    expect(JSON.parse(second.text)).toEqual({ path: '/api/deux', texte: 'Sécurité' });
    expect(connections).toBe(1);
    expect(seen[0].accept).toBe('application/json');
    // Nothing asks the server to compress what is read next to it.
    expect(seen[0]['accept-encoding']).toBeUndefined();
  });

  it('gives a 4xx or 5xx with its body, and an empty type when none was sent', async () => {
    answer = () => ({ status: 404, type: 'application/json', body: '{"message":"Outil introuvable."}' });
    expect(await gets.get(`${origin}/tools/nulle-part`, { headers: {}, timeoutMs: 2_000 })).toEqual({ status: 404, contentType: 'application/json', text: '{"message":"Outil introuvable."}' });
    answer = () => ({ status: 503, body: 'panne' });
    expect(await gets.get(`${origin}/api/site`, { headers: {}, timeoutMs: 2_000 })).toEqual({ status: 503, contentType: '', text: 'panne' });
  });

  it('fails with a timeout when the server does not answer in time, and otherwise when it is away or cuts the answer', async () => {
    answer = () => null;
    const slow = gets.get(`${origin}/api/lent`, { headers: {}, timeoutMs: 200 });
    await expect(slow).rejects.toBeInstanceOf(GetTimeoutError);
    await expect(slow).rejects.toMatchObject({ name: 'TimeoutError', message: `${origin}/api/lent : pas de réponse en 200 ms` });
    const away = gets.get('http://127.0.0.1:1/api/site', { headers: {}, timeoutMs: 2_000 });
    await expect(away).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    answer = () => 'cut';
    const cut = gets.get(`${origin}/api/coupe`, { headers: {}, timeoutMs: 2_000 });
    await expect(cut).rejects.toThrow();
    await expect(cut).rejects.not.toBeInstanceOf(GetTimeoutError);
  });
});
