import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SERVER_RENDERED_ATTRIBUTE } from '@outils/contracts';
import { toolsApi } from '../../../features/tools/api/tools.api';
import { readListingUrl } from '../../../features/tools/utils/tools-query';
import { API, server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-with-providers';
import { allowSlowLazyRoutes, FILTERS, listing, makeTool, stubBrowserApis } from '../../../testing/test-utils';
import { createStore, RootState } from '../../store';

beforeAll(() => {
  stubBrowserApis();
  allowSlowLazyRoutes();
});

/** The library's first page's listing as a store holds it, answered a minute ago. */
async function listingAnsweredAMinuteAgo(): Promise<Partial<RootState>> {
  const store = createStore();
  await store.dispatch(toolsApi.endpoints.tools.initiate({ ...readListingUrl(new URLSearchParams()), onlyFavorites: false }));
  const state = store.getState().api;
  const then = Date.now() - 60_000;
  const queries = Object.fromEntries(Object.entries(state.queries).map(([key, entry]) => [key, { ...entry, startedTimeStamp: then, fulfilledTimeStamp: then }]));
  return { api: { ...state, queries } as RootState['api'] };
}

/**
 * docs/product/rules.md#R861: on a loaded phone taking the library over can last longer than the
 * 5 s after which the listing is asked again; the page a visit opens on keeps the listing the web
 * server rendered it with all the same.
 */
describe('the library taken over from the server’s page', () => {
  const listings: string[] = [];
  let serverMark: HTMLElement | null = null;
  beforeEach(() => {
    listings.length = 0;
    server.use(
      http.get(`${API}/api/filters`, () => HttpResponse.json(FILTERS)),
      http.get(`${API}/api/tools`, ({ request }) => {
        listings.push(new URL(request.url).search.slice(1));
        return HttpResponse.json(listing([makeTool({ name: 'Kit RGPD' })]));
      }),
    );
  });
  afterEach(() => {
    serverMark?.remove();
    serverMark = null;
  });

  it('does not ask its listing again, however long the take-over took', async () => {
    const preloadedState = await listingAnsweredAMinuteAgo();
    listings.length = 0;
    serverMark = document.body.appendChild(document.createElement('div'));
    serverMark.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
    renderApp('/toolspage', { preloadedState });
    expect(await screen.findByRole('article', { name: 'Kit RGPD' })).toBeInTheDocument();
    // The row 'Les plus téléchargés' was not in the page's store: asked in the same pass as the listing would be.
    await waitFor(() => expect(listings).toContain('page=1&onlyFavorites=false&sort=popular'));
    expect(listings).not.toContain('page=1&onlyFavorites=false');
  });

  it('asks it again on a page the app rendered itself, once the answer is older than 5 s', async () => {
    const preloadedState = await listingAnsweredAMinuteAgo();
    listings.length = 0;
    renderApp('/toolspage', { preloadedState });
    await waitFor(() => expect(listings).toContain('page=1&onlyFavorites=false'));
  });
});
