import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouteObject } from 'react-router';
import { InsightsMessages, LeadsResponse, StatsResponse } from '@outils/contracts';
import AdminLeadsPage from '../admin/leads';
import AdminStatsPage from '../admin/stats';
import { RequireAdmin } from '../../../features/auth/components/require-admin';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';
import { stubBrowserApis } from '../../../testing/test-utils';

const routes: RouteObject[] = [
  { path: '/admin', element: <RequireAdmin />, children: [{ path: 'stats', Component: AdminStatsPage }, { path: 'leads', Component: AdminLeadsPage }] },
  { path: '/notallowed', element: <h1>Accès non autorisé</h1> },
];

const stats: StatsResponse = {
  from: '2026-03-31', to: '2026-04-01', granularity: 'day',
  previous: { from: '2026-03-29', to: '2026-03-30', downloads: 2 },
  scope: { toolId: 7, categoryId: null, typeId: null, toolName: 'Plan de trésorerie' },
  series: [{ period: '2026-03-31', downloads: 1, withEmail: 0 }, { period: '2026-04-01', downloads: 1234, withEmail: 1 }],
  activity: [{ period: '2026-03-31', signups: 0, subscriptions: 1 }, { period: '2026-04-01', signups: 2, subscriptions: 0 }],
  totals: { downloads: 1235, withEmail: 1, emailShare: 1 / 1235, signups: 2, subscriptions: 1 },
  top: [{ toolId: 7, name: 'Plan de trésorerie', slug: 'plan', downloads: 1235, previousDownloads: 2, trendPercent: 61650 }],
  versions: [{ version: 2, downloads: 1230 }, { version: 1, downloads: 0 }, { version: null, downloads: 5 }],
};

const admin = () => http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'admin@example.com', isAdmin: true } }));

/** docs/product/rules.md#R675–R680: the figures beside each chart, filters in the address, French errors. */
describe('/admin/stats and /admin/leads', () => {
  // The leads search submits a form that navigates: React reads its FormData.
  beforeAll(stubBrowserApis);

  it('asks for the tool of the address and shows each chart’s figures in a table beside it', async () => {
    const asked: string[] = [];
    server.use(
      admin(),
      http.get(`${API}/api/filters`, () => HttpResponse.json({ categories: [], types: [], difficulties: [] })),
      http.get(`${API}/admin/stats`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(stats);
      }),
    );
    const { user } = renderApp('/admin/stats?tool=7&granularity=day', { routes, session: signedIn('admin@example.com', 'jeton-admin') });
    await screen.findByRole('heading', { level: 1, name: 'Statistiques' });
    // The key figures are cards of a description list; each chart's table is folded under it (R745).
    const figures = within(await screen.findByRole('region', { name: 'Sur la période' })).getAllByRole('definition').map((dd) => dd.textContent);
    expect(figures[0]).toBe(new Intl.NumberFormat('fr-FR').format(1235));
    expect(screen.getByText('Période précédente (du 29/03/2026 au 30/03/2026) : 2 téléchargements')).toBeInTheDocument();
    const [downloadsData] = screen.getAllByText('Voir les données du graphique (2 lignes)');
    await user.click(downloadsData);
    const table = await screen.findByRole('table', { name: 'Téléchargements : données du graphique' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    // Days in French (R748).
    expect(rows).toEqual(['PériodeTéléchargementsAvec e-mail', '31/03/202610', `01/04/2026${new Intl.NumberFormat('fr-FR').format(1234)}1`]);
    expect(screen.getByRole('table', { name: 'Inscriptions et abonnements : données du graphique', hidden: true })).toBeInTheDocument();
    expect(screen.getByText('Outil : Plan de trésorerie')).toBeInTheDocument();
    // Per version and all versions together (R926).
    const versions = screen.getByRole('table', { name: 'Téléchargements par version' });
    expect(within(versions).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'VersionTéléchargements', `Version 2${new Intl.NumberFormat('fr-FR').format(1230)}`, 'Version 10', 'Avant les versions5',
      `Toutes les versions${new Intl.NumberFormat('fr-FR').format(1235)}`,
    ]);
    expect(asked[0]).toContain('toolId=7');
    expect(asked[0]).toContain('granularity=day');
  });

  it('shows the API’s French message for a refused range', async () => {
    server.use(
      admin(),
      http.get(`${API}/api/filters`, () => HttpResponse.json({ categories: [], types: [], difficulties: [] })),
      http.get(`${API}/admin/stats`, () => HttpResponse.json({ errors: { to: [InsightsMessages.rangeReversed] } }, { status: 400 })),
    );
    renderApp('/admin/stats?from=2026-04-10&to=2026-04-01', { routes, session: signedIn('admin@example.com', 'jeton-admin') });
    expect(await screen.findByText(InsightsMessages.rangeReversed)).toBeInTheDocument();
  });

  it('lists the leads with source, status and consent date, and searches by address', async () => {
    const asked: string[] = [];
    const leads: LeadsResponse = {
      page: 1, lastPage: 1, total: 1,
      leads: [{ email: 'abonne@example.com', newsletterSource: 'popup', newsletterStatus: 'subscribed', consentAt: '2026-04-03T08:00:00.000Z', downloads: 2, lastDownloadAt: null, firstSeenAt: '2026-04-01T08:00:00.000Z' }],
    };
    server.use(
      admin(),
      http.get(`${API}/admin/leads`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json(leads);
      }),
    );
    const { user } = renderApp('/admin/leads', { routes, session: signedIn('admin@example.com', 'jeton-admin') });
    const table = await screen.findByRole('table', { name: 'Contacts' });
    // French words and dates, not codes (R743, R748).
    expect(within(table).getAllByRole('row')[1].textContent).toBe('abonne@example.comFenêtre « Restez cool »Confirmé03/04/20262—01/04/2026');
    await user.type(screen.getByLabelText('Rechercher une adresse e-mail'), 'abonne');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await screen.findByRole('table', { name: 'Contacts' });
    expect(asked.at(-1)).toBe('abonne');
  });

  it('offers to export the last 30 days ending today in Paris, also after 23:00 UTC (R677)', async () => {
    // Only the clock is faked: 00:30 in Paris on 28 November is still 27 November in UTC.
    jest.useFakeTimers({ now: new Date('2026-11-27T23:30:00Z'), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'performance', 'hrtime'] });
    try {
      server.use(admin(), http.get(`${API}/admin/leads`, () => HttpResponse.json({ page: 1, lastPage: 1, total: 0, leads: [] })));
      renderApp('/admin/leads', { routes, session: signedIn('admin@example.com', 'jeton-admin') });
      const exportBox = within(await screen.findByRole('region', { name: 'Exporter en CSV' }));
      expect(exportBox.getByLabelText('Au')).toHaveValue('2026-11-28');
      expect(exportBox.getByLabelText('Du')).toHaveValue('2026-10-29');
    } finally {
      jest.useRealTimers();
    }
  });
});
