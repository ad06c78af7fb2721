import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';
import { SearchesPage } from '../components/searches-page';

const routes = [{ path: '/admin/searches', Component: SearchesPage }];
const row = (text: string, searches: number, withoutResults: number, lastResults: number, opened: number) => ({ text, searches, withoutResults, lastResults, opened });

describe('/admin/searches (docs/product/rules.md#R972)', () => {
  it('shows the period’s totals and the searches without result, asking for the period in the address', async () => {
    const asked: string[] = [];
    server.use(http.get(`${API}/admin/searches`, ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json({
        from: '2026-11-01', to: '2026-11-27', totals: { searches: 12, withoutResults: 3, opened: 5 },
        mostSearched: [row('facture electronique', 7, 3, 0, 0), row('rgpd', 5, 0, 4, 5)],
        withoutResults: [row('facture electronique', 7, 3, 0, 0)],
        neverOpened: [],
      });
    }));
    renderApp('/admin/searches?from=2026-11-01', { routes, session: signedIn() });
    const none = await screen.findByRole('table', { name: 'Sans résultat' });
    expect(within(none).getByRole('rowheader', { name: 'facture electronique' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Jamais ouvertes' })).toHaveTextContent('Aucune recherche sur la période.');
    expect(screen.getByLabelText('Du')).toHaveValue('2026-11-01');
    expect(asked).toEqual(['?from=2026-11-01']);
  });

  it('shows the API’s French error for a bad period', async () => {
    server.use(http.get(`${API}/admin/searches`, () => HttpResponse.json({ message: 'La date de début doit précéder la date de fin.' }, { status: 400 })));
    renderApp('/admin/searches?from=2026-11-02&to=2026-11-01', { routes, session: signedIn() });
    expect(await screen.findByRole('alert')).toHaveTextContent('La date de début doit précéder la date de fin.');
  });
});
