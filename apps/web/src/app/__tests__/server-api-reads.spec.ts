/**
 * @jest-environment node
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FILTERS } from '../../testing/test-utils';
import { server as standIn } from '../../testing/msw/server';
import { configureServerRendering } from '../../entry-server';
import { toolsApi } from '../../features/tools/api/tools.api';
import { closeServerReads } from '../server-api-reads';
import { createStore } from '../store';

/**
 * docs/product/rules.md#R830, #R846: the web server's renders read the API with their own client,
 * over connections kept open between renders, answers not compressed, each read waiting 3 s at
 * most; what a page receives is what fetch gave it (an answer, a 4xx with its body, a failure).
 * Against a real HTTP server: the stand-in of the other specs (MSW) is set aside here.
 */
describe('the renderer’s reads of the API', () => {
  let api: Server;
  let origin: string;
  let connections = 0;
  const seen: IncomingHttpHeaders[] = [];
  let answer: (path: string) => { status: number; body: string } | null = () => null;

  beforeAll(async () => {
    standIn.close();
    api = createServer((req, res) => {
      seen.push(req.headers);
      const reply = answer(req.url ?? '');
      // null: the API never answers.
      if (reply) res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8' }).end(reply.body);
    });
    api.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    configureServerRendering({ apiUrl: 'http://api.outils.test', serverApiUrl: origin, analyticsScriptUrl: null, productionHost: null });
  });
  afterAll(async () => {
    closeServerReads();
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
    standIn.listen({ onUnhandledRequest: 'error' });
  });
  beforeEach(() => {
    seen.length = 0;
    connections = 0;
  });

  it('reads a page’s answers over one kept-open connection, asking for them uncompressed', async () => {
    answer = () => ({ status: 200, body: JSON.stringify(FILTERS) });
    const first = await createStore().dispatch(toolsApi.endpoints.filters.initiate());
    const second = await createStore().dispatch(toolsApi.endpoints.filters.initiate());
    expect(first.data).toEqual(FILTERS);
    expect(second.data).toEqual(FILTERS);
    expect(seen).toHaveLength(2);
    expect(connections).toBe(1);
    expect(seen[0]['accept-encoding']).toBeUndefined();
    expect(seen[0].accept).toBe('application/json');
  });

  it('gives a page a 4xx with its body, as fetch did (a sheet of no tool is a page like another)', async () => {
    answer = () => ({ status: 404, body: JSON.stringify({ message: 'Outil introuvable.' }) });
    const sheet = await createStore().dispatch(toolsApi.endpoints.toolSheet.initiate({ identifier: 'nulle-part', email: null }));
    expect(sheet.error).toMatchObject({ status: 404, message: 'Outil introuvable.' });
  });

  it('gives up on a read after 3 s, and on an API that is not there', async () => {
    answer = () => null;
    const start = Date.now();
    const slow = await createStore().dispatch(toolsApi.endpoints.filters.initiate());
    expect(slow.error).toEqual({ status: 'TIMEOUT_ERROR' });
    expect(Date.now() - start).toBeGreaterThanOrEqual(2_900);
    configureServerRendering({ apiUrl: 'http://api.outils.test', serverApiUrl: 'http://127.0.0.1:1', analyticsScriptUrl: null, productionHost: null });
    const away = await createStore().dispatch(toolsApi.endpoints.filters.initiate());
    expect(away.error).toEqual({ status: 'FETCH_ERROR' });
    configureServerRendering({ apiUrl: 'http://api.outils.test', serverApiUrl: origin, analyticsScriptUrl: null, productionHost: null });
  });
});
