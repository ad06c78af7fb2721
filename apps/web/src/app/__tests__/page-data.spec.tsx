/**
 * @jest-environment node
 */
import { http, HttpResponse } from 'msw';
import { SERVER_RENDERED_PAGES } from '@outils/contracts';
import { configureServerRendering, renderPage } from '../../entry-server';
import { setServerGet } from '../../lib/api';
import { API, server } from '../../testing/msw/server';
import { FILTERS, listing, makeTool } from '../../testing/test-utils';
import { PAGE_DATA } from '../page-data';

// Every render of the server goes through here: counted.
jest.mock('react-dom/server', () => {
  const actual = jest.requireActual<typeof import('react-dom/server')>('react-dom/server');
  return { ...actual, renderToString: jest.fn(actual.renderToString) };
});
const { renderToString } = jest.requireMock<{ renderToString: jest.Mock }>('react-dom/server');

/**
 * docs/product/rules.md#R830: the data of a page rendered by the web server is known from its
 * address (app/page-data.ts), read first, and the page is rendered once; the data block holds
 * every answer the first screen shows, so that the browser asks nothing again.
 */
describe('one render per page, its data read first', () => {
  const calls: string[] = [];
  beforeAll(() => {
    configureServerRendering({ apiUrl: API, serverApiUrl: API, analyticsScriptUrl: null, productionHost: null });
    // MSW stands in for the API at fetch's level; the renderer's own client meets a real server in server-api-reads.spec.ts.
    setServerGet(null);
  });
  beforeEach(() => {
    calls.length = 0;
    renderToString.mockClear();
    server.events.on('request:start', ({ request }) => void calls.push(`${new URL(request.url).pathname}${new URL(request.url).search}`));
  });
  afterEach(() => server.events.removeAllListeners());

  const featured = makeTool({ id: 3, slug: 'outil-du-mois', name: 'Tableau de bord du mois' });
  const sheet = makeTool({ id: 7, slug: 'kit-rgpd', name: 'Kit RGPD' });
  const neighbour = makeTool({ id: 8, slug: 'plan-de-continuite', name: 'Plan de continuité' });
  const popular = makeTool({ id: 9, slug: 'le-plus-telecharge', name: 'Le plus téléchargé' });
  const kit = { name: 'Kit création d’entreprise', description: null, shareToken: 'jeton-du-kit', toolCount: 4 };

  beforeEach(() => {
    server.use(
      http.get(`${API}/api/tools/featured`, () => HttpResponse.json({ tool: featured })),
      http.get(`${API}/api/kits`, () => HttpResponse.json({ kits: [kit] })),
      http.get(`${API}/api/filters`, () => HttpResponse.json(FILTERS)),
      http.get(`${API}/api/tools`, ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('q') === 'zzz') return HttpResponse.json(listing([]));
        return HttpResponse.json(listing(url.searchParams.get('sort') === 'popular' ? [popular] : [sheet, neighbour]));
      }),
      http.get(`${API}/api/tools/suggestions`, () => HttpResponse.json({ tools: [{ id: 8, slug: 'plan-de-continuite', name: 'Plan de continuité', highlights: [] }], topics: [], closest: true })),
      http.get(`${API}/tools/kit-rgpd`, () => HttpResponse.json({ tool: sheet })),
      http.get(`${API}/api/related-tools/7`, () => HttpResponse.json({ tools: [{ tool: neighbour, reason: 'similar' }] })),
      http.get(`${API}/api/tools/7/versions`, () => HttpResponse.json({
        current: 2,
        versions: [
          { number: 2, date: '2026-03-02T10:00:00.000Z', note: 'Registre des traitements ajouté.', restoredFrom: null },
          { number: 1, date: '2026-01-05T10:00:00.000Z', note: null, restoredFrom: null },
        ],
      })),
      http.get(`${API}/api/for-you`, () => HttpResponse.json({ personalised: false, hasDiagnostic: false, tools: [{ tool: popular, reason: 'Le plus téléchargé ce mois-ci' }] })),
    );
  });

  const queriesOf = (data: string) =>
    Object.values((JSON.parse(data) as { queries: Record<string, { status: string; endpointName: string }> }).queries).map((q) => `${q.endpointName}:${q.status}`).sort();

  it('lists the reads of every page the server renders', () => {
    expect(SERVER_RENDERED_PAGES.filter((path) => !PAGE_DATA[path])).toEqual([]);
  });

  it('renders the home page once, with the tool of the month and the kits', async () => {
    const page = await renderPage('/');
    expect(renderToString).toHaveBeenCalledTimes(1);
    expect(page!.html).toContain('Tableau de bord du mois');
    expect(page!.html).toContain('Kit création d’entreprise');
    expect(queriesOf(page!.data)).toEqual(['featuredTool:fulfilled', 'kits:fulfilled', 'site:fulfilled']);
  });

  it('renders the library once, with its results, rows, kits and filters, each read made once', async () => {
    const page = await renderPage('/toolspage');
    expect(renderToString).toHaveBeenCalledTimes(1);
    for (const text of ['Kit RGPD', 'Plan de continuité', 'Le plus téléchargé', 'Les plus téléchargés', 'Kit création d’entreprise']) expect(page!.html).toContain(text);
    expect(queriesOf(page!.data)).toEqual(['filters:fulfilled', 'kits:fulfilled', 'site:fulfilled', 'tools:fulfilled', 'tools:fulfilled']);
    expect(calls.filter((call) => call.startsWith('/api/tools?')).sort()).toEqual([
      '/api/tools?page=1&onlyFavorites=false', '/api/tools?page=1&onlyFavorites=false&sort=popular',
    ]);
  });

  it('renders a search that finds nothing once, with the closest tools read after the empty answer', async () => {
    const page = await renderPage('/toolspage?q=zzz');
    expect(renderToString).toHaveBeenCalledTimes(1);
    expect(page!.html).toContain('Vouliez-vous dire :');
    expect(page!.html).toContain('Plan de continuité');
    expect(queriesOf(page!.data)).toEqual(['filters:fulfilled', 'site:fulfilled', 'toolSuggestions:fulfilled', 'tools:fulfilled']);
  });

  it('renders a sheet once, with its related tools read after the tool', async () => {
    const page = await renderPage('/toolspage/kit-rgpd');
    expect(renderToString).toHaveBeenCalledTimes(1);
    expect(page!.html).toContain('<h1>Kit RGPD</h1>');
    expect(page!.html).toContain('Ces outils vont bien ensemble');
    expect(page!.html).toContain('Plan de continuité');
    // docs/product/rules.md#R907: the versions' history is in the server's page too.
    expect(page!.html).toContain('Historique des versions');
    expect(page!.html).toContain('Registre des traitements ajouté.');
    expect(queriesOf(page!.data)).toEqual(['related:fulfilled', 'site:fulfilled', 'toolSheet:fulfilled', 'toolVersions:fulfilled']);
  });

  it('renders « Pour vous », the about page and the legal pages once each, nothing left to read', async () => {
    for (const path of ['/toolspage/for-you', '/about', '/info/cgu', '/info/privacypolicy', '/info/legalnotice', '/info/accessibility']) {
      renderToString.mockClear();
      const page = await renderPage(path);
      expect({ path, rendered: page !== null, renders: renderToString.mock.calls.length }).toEqual({ path, rendered: true, renders: 1 });
    }
  });

  it('sends the page plain, saying so, when the page asks during its render for a read the table does not list', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const home = PAGE_DATA['/'];
    PAGE_DATA['/'] = PAGE_DATA['/about'];
    try {
      expect(await renderPage('/')).toBeNull();
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/lectures absentes de page-data\.ts \(featuredTool/));
    } finally {
      PAGE_DATA['/'] = home;
      errors.mockRestore();
    }
  });
});
