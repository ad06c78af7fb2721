/**
 * @jest-environment node
 */
import { http, HttpResponse } from 'msw';
import { configureServerRendering, renderPage } from '../../entry-server';
import { setServerGet } from '../../lib/api';
import { forgetSharedReads } from '../shared-reads';
import { API, server } from '../../testing/msw/server';
import { FILTERS, listing, makeTool } from '../../testing/test-utils';

/**
 * docs/product/rules.md#R830: the web server renders a guest's page with its data, as the browser
 * would show it once loaded (here without a browser, as on the server; the browser's take-over of
 * that page is a browser journey, apps/web-e2e/src/first-screen.e2e-spec.ts).
 */
describe('pages rendered on the web server', () => {
  const calls: string[] = [];
  beforeAll(() => {
    configureServerRendering({ apiUrl: API, serverApiUrl: API, analyticsScriptUrl: null, productionHost: null });
    // MSW stands in for the API at fetch's level; the renderer's own client meets a real server in server-api-reads.spec.ts.
    setServerGet(null);
  });
  beforeEach(() => {
    forgetSharedReads();
    calls.length = 0;
    server.events.on('request:start', ({ request }) => void calls.push(new URL(request.url).pathname));
  });
  afterEach(() => server.events.removeAllListeners());

  const tool = makeTool({ id: 7, slug: 'kit-rgpd', name: 'Kit RGPD <pour> TPE', description: 'Registre, mentions et procédures.' });
  const dataOf = (data: string) => JSON.parse(data) as { queries: Record<string, { status: string; endpointName: string; data?: unknown }> };

  it('renders a sheet with its tool, and hands over the answers it was made from', async () => {
    server.use(http.get(`${API}/tools/kit-rgpd`, () => HttpResponse.json({ tool })));
    const page = await renderPage('/toolspage/kit-rgpd');
    expect(page).not.toBeNull();
    expect(page!.html).toContain('<h1>Kit RGPD &lt;pour&gt; TPE</h1>');
    expect(page!.html).toContain('Registre, mentions et procédures.');
    expect(page!.html).not.toContain('Chargement de l’outil');
    // The page's <title> and <meta> are the head's business (the API's tags, then the app's).
    expect(page!.html).not.toMatch(/^<(title|meta|link)/);
    const sheet = Object.values(dataOf(page!.data).queries).find((q) => q.endpointName === 'toolSheet');
    expect(sheet).toMatchObject({ status: 'fulfilled', data: { tool: { name: 'Kit RGPD <pour> TPE' } } });
    expect(calls).toContain('/tools/kit-rgpd');
  });

  it('renders the library with its filters and cards, each call made once', async () => {
    server.use(
      http.get(`${API}/api/filters`, () => HttpResponse.json(FILTERS)),
      http.get(`${API}/api/tools`, () => HttpResponse.json(listing([tool, makeTool({ name: 'Plan de trésorerie' })]))),
    );
    const page = await renderPage('/toolspage?categories=1');
    expect(page!.html).toContain('<h1>Tous les outils</h1>');
    expect(page!.html).toContain('Plan de trésorerie');
    expect(page!.html).toContain('Kit RGPD &lt;pour&gt; TPE');
    expect(calls.filter((path) => path === '/api/tools')).toHaveLength(1);
    expect(calls.filter((path) => path === '/api/filters')).toHaveLength(1);
  });

  it('asks the reads every page shares once per window of the web server, each address its own (docs/product/rules.md#R840)', async () => {
    let served = 0;
    server.use(
      http.get(`${API}/api/filters`, () => HttpResponse.json(FILTERS)),
      http.get(`${API}/api/tools`, () => HttpResponse.json(listing([makeTool({ name: `Liste n° ${(served += 1)}` })]))),
    );
    const count = (path: string) => calls.filter((call) => call === path).length;
    const window = { version: 'v1', until: Date.now() + 60_000 };
    await renderPage('/toolspage?categories=1', window);
    const [filters, site, tools] = [count('/api/filters'), count('/api/site'), count('/api/tools')];
    expect([filters, site]).toEqual([1, 1]);
    const second = await renderPage('/toolspage?categories=2', window);
    // Its own listing asked, the filters and the publisher not again, and shown all the same.
    expect([count('/api/filters'), count('/api/site'), count('/api/tools')]).toEqual([1, 1, tools + 1]);
    expect(second!.html).toContain('Liste n° 2');
    const data = JSON.parse(second!.data) as { queries: Record<string, { endpointName: string; status: string }> };
    expect(Object.values(data.queries).filter((q) => q.endpointName === 'filters' || q.endpointName === 'site').map((q) => q.status)).toEqual(['fulfilled', 'fulfilled']);
    // Another version, or no window: asked again.
    await renderPage('/toolspage?categories=3', { version: 'v2', until: Date.now() + 60_000 });
    expect(count('/api/filters')).toBe(2);
    await renderPage('/toolspage?categories=4');
    await renderPage('/toolspage?categories=5');
    expect(count('/api/filters')).toBe(4);
  });

  it('renders the page « introuvable » for a sheet of no tool, keeping the API\'s 404', async () => {
    server.use(http.get(`${API}/tools/nulle-part`, () => HttpResponse.json({ message: 'Outil introuvable' }, { status: 404 })));
    const page = await renderPage('/toolspage/nulle-part');
    expect(page!.html).toMatch(/ERREUR 404/);
    expect(Object.values(dataOf(page!.data).queries).find((q) => q.endpointName === 'toolSheet')?.status).toBe('rejected');
  });

  it('leaves the page to the browser when the API fails', async () => {
    server.use(http.get(`${API}/tools/kit-rgpd`, () => HttpResponse.json({ message: 'panne' }, { status: 500 })));
    expect(await renderPage('/toolspage/kit-rgpd')).toBeNull();
    server.use(http.get(`${API}/tools/kit-rgpd`, () => HttpResponse.error()));
    expect(await renderPage('/toolspage/kit-rgpd')).toBeNull();
  });

  it('renders only the public pages that look the same for every guest', async () => {
    for (const path of ['/admin', '/login', '/profile', '/toolspage/favorites', '/toolspage/folders', '/diagnostic/historique']) {
      expect(await renderPage(path)).toBeNull();
    }
    expect(calls).toEqual([]);
    for (const path of ['/about', '/info/cgu', '/info/accessibility']) expect((await renderPage(path))?.html).toContain('<h1');
  });
});
