/**
 * @jest-environment node
 */
import { http, HttpResponse } from 'msw';
import { configureServerRendering, renderPage } from '../../entry-server';
import { setServerGet } from '../../lib/api';
import { toolsApi } from '../../features/tools/api/tools.api';
import { API, server } from '../../testing/msw/server';
import { FILTERS, listing, makeTool } from '../../testing/test-utils';
import { createStore } from '../store';
import { takenOverState } from '../take-over';

/**
 * docs/product/rules.md#R835: taking over a page the web server rendered asks the API nothing the
 * page already shows, however long ago the page was rendered (kept until the catalogue changes, #R889).
 */
describe('taking a server-rendered page over', () => {
  const listings: string[] = [];
  beforeAll(() => {
    configureServerRendering({ apiUrl: API, serverApiUrl: API, analyticsScriptUrl: null, productionHost: null });
    // MSW stands in for the API at fetch's level; the renderer's own client meets a real server in server-api-reads.spec.ts.
    setServerGet(null);
  });
  beforeEach(() => {
    listings.length = 0;
    server.use(
      http.get(`${API}/api/filters`, () => HttpResponse.json(FILTERS)),
      http.get(`${API}/api/tools`, ({ request }) => {
        listings.push(new URL(request.url).search);
        return HttpResponse.json(listing([makeTool({ name: 'Kit RGPD' })]));
      }),
    );
  });
  afterEach(() => jest.useRealTimers());

  /** What the listing's component does as it mounts: its answer, unless older than 5 s. */
  const mountListing = async (store: ReturnType<typeof createStore>) => {
    const args = { page: 1, categories: [2], types: [], difficulties: [], accessibleOnly: false, q: '', onlyFavorites: false };
    await store.dispatch(toolsApi.endpoints.tools.initiate(args, { forceRefetch: 5 }));
  };

  it('keeps the library’s listing of a page rendered ten minutes earlier, where the raw data block would ask again', async () => {
    const page = await renderPage('/toolspage?categories=2');
    expect(listings).toHaveLength(1);
    // Ten minutes later, on the clock alone (RTK Query reads `new Date()`).
    jest.useFakeTimers({
      now: Date.now() + 10 * 60_000,
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });

    await mountListing(createStore(takenOverState(page!.data)));
    expect(listings).toHaveLength(1);

    // The same block as the server left it: the listing is asked again on take-over.
    await mountListing(createStore({ api: JSON.parse(page!.data) }));
    expect(listings).toHaveLength(2);
  });

  it('leaves the answers themselves and the failed ones as they were', () => {
    const data = JSON.stringify({
      queries: {
        a: { status: 'fulfilled', endpointName: 'filters', data: FILTERS, startedTimeStamp: 1, fulfilledTimeStamp: 2 },
        b: { status: 'rejected', endpointName: 'toolSheet', error: { status: 404 }, startedTimeStamp: 1 },
      },
      mutations: {},
      provided: {},
    });
    const state = takenOverState(data, 1_000);
    expect(state.api?.queries.a).toMatchObject({ data: FILTERS, startedTimeStamp: 1_000, fulfilledTimeStamp: 1_000 });
    expect(state.api?.queries.b).toEqual({ status: 'rejected', endpointName: 'toolSheet', error: { status: 404 }, startedTimeStamp: 1 });
  });
});
