/**
 * @jest-environment node
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { http, HttpResponse } from 'msw';
import { configureServerRendering, renderPage } from '../../entry-server';
import { setServerGet } from '../../lib/api';
import { forgetSharedReads } from '../shared-reads';
import type { AppStore } from '../store';
import { API, server } from '../../testing/msw/server';
import { FILTERS, listing, makeTool } from '../../testing/test-utils';

/** Every store the renderer makes, held weakly: a finished render's store must be collectable. */
const stores: WeakRef<AppStore>[] = [];
jest.mock('../store', () => {
  const actual = jest.requireActual<typeof import('../store')>('../store');
  return {
    ...actual,
    createStore: (...args: Parameters<typeof actual.createStore>) => {
      const store = actual.createStore(...args);
      stores.push(new WeakRef(store));
      return store;
    },
  };
});

/** The timers set and not yet run nor cleared, with their delay. */
const pending = new Map<unknown, number>();
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** A full collection, as `node --expose-gc` gives it (the flag set at run time, read by a new context). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * docs/product/rules.md#R849: a render of the web server leaves nothing that keeps it alive. RTK
 * Query sets a removal timer for each answer put in a store (a minute for a listing, a day for the
 * publisher); left pending, each held its render's whole store that long, and the web server's
 * memory grew with every new address. Here through the real renderer, many distinct addresses
 * within one window of shared reads (their answers put in each new store, #R840), as the web server
 * renders them.
 */
describe('memory of the pages rendered on the web server', () => {
  beforeAll(() => {
    configureServerRendering({ apiUrl: API, serverApiUrl: API, analyticsScriptUrl: null, productionHost: null });
    setServerGet(null);
    globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const timer = realSetTimeout((...a: unknown[]) => {
        pending.delete(timer);
        callback(...a);
      }, ms, ...args);
      pending.set(timer, ms ?? 0);
      return timer;
    }) as typeof setTimeout;
    globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
      pending.delete(timer);
      realClearTimeout(timer);
    }) as typeof clearTimeout;
  });
  afterAll(() => {
    globalThis.setTimeout = realSetTimeout;
    globalThis.clearTimeout = realClearTimeout;
    forgetSharedReads();
  });

  const tool = makeTool({ id: 7, slug: 'kit-rgpd', name: 'Kit RGPD', description: 'Registre, mentions et procédures.' });

  it('leaves no answer’s removal timer pending after a render, and no store of a finished render alive', async () => {
    let listings = 0;
    server.use(
      http.get(`${API}/api/filters`, () => HttpResponse.json(FILTERS)),
      http.get(`${API}/api/tools`, () => HttpResponse.json(listing([makeTool({ name: `Liste n° ${(listings += 1)}` })]))),
      http.get(`${API}/tools/kit-rgpd`, () => HttpResponse.json({ tool })),
    );
    const window = { version: 'v1', until: Date.now() + 60_000 };
    const long = () => [...pending.values()].filter((ms) => ms >= 1_000).length;
    const before = long();
    const addresses = Array.from({ length: 12 }, (_, i) => (i % 4 === 3 ? `/toolspage/kit-rgpd?vue=${i}` : `/toolspage?page=${i + 2}&categories=${i}`));
    const leftWaiting: number[] = [];
    for (const address of addresses) {
      const page = await renderPage(address, window);
      // Each one rendered whole, its answers (shared ones included) put in its store.
      expect(page?.html).toMatch(/Liste n° \d+|Kit RGPD/);
      // What waits a second or more (a minute, a day) for this render once it is done.
      leftWaiting.push(long() - before);
    }
    expect(stores.length).toBeGreaterThanOrEqual(addresses.length);
    // Once the renders are done, nothing holds their stores: a collection takes them all. What the
    // last render leaves for a moment (its answers' streams, a timer of no delay) may take a few
    // turns of the event loop on a busy machine; half a second stays far below the shortest removal
    // timer (a minute), which would keep a store alive through all of them.
    let alive = stores.length;
    for (let turn = 0; turn < 50 && alive > 0; turn += 1) {
      await new Promise((resolve) => realSetTimeout(resolve, 10));
      collectGarbage();
      alive = stores.filter((store) => store.deref() !== undefined).length;
    }
    expect({ leftWaiting, alive }).toEqual({ leftWaiting: addresses.map(() => 0), alive: 0 });
  });
});
