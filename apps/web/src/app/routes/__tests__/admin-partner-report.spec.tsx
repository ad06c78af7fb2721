import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouteObject } from 'react-router';
import type { PartnerReportResponse } from '@outils/contracts';
import AdminPartnerReportPage from '../admin/partner-report';
import { RequireAdmin } from '../../../features/auth/components/require-admin';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';
import { stubBrowserApis } from '../../../testing/test-utils';

const routes: RouteObject[] = [{ path: '/admin', element: <RequireAdmin />, children: [{ path: 'partners/:id/rapport', Component: AdminPartnerReportPage }] }];
const ID = '6f1c2a3e-1111-4222-8333-444455556666';

const report: PartnerReportResponse = {
  partner: { id: ID, name: 'CCI Exemple', logoUrl: null, website: 'https://www.cci-exemple.fr', contactEmail: 'numerique@cci-exemple.fr', allowedHosts: ['www.cci-exemple.fr'], createdAt: '2026-01-01T10:00:00.000Z' },
  months: [{ month: '2026-03', views: 4, viewVisitors: 3, sheets: 3, sheetVisitors: 2, downloads: 1, downloadVisitors: 1, signups: 1, visitors: 3 }],
  reportsUnsubscribed: false,
};

/** docs/product/rules.md#R1000, #R1006: a partner's report says how long its figures are kept. */
describe('/admin/partners/:id/rapport', () => {
  beforeAll(stubBrowserApis);

  it('shows the monthly figures and says they are kept 13 whole months', async () => {
    server.use(
      http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'admin@example.com', isAdmin: true } })),
      http.get(`${API}/api/admin/partners/${ID}/report`, () => HttpResponse.json(report)),
    );
    renderApp(`/admin/partners/${ID}/rapport`, { routes, session: signedIn('admin@example.com', 'jeton-admin') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rapport de CCI Exemple' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Chiffres par mois' })).toBeInTheDocument();
    expect(screen.getByText('Les visites comptées sont gardées 13 mois (le mois en cours et les 12 précédents), puis effacées chaque nuit : le tableau couvre donc au plus 13 mois, tous complets.')).toBeInTheDocument();
  }, 30_000);
});
