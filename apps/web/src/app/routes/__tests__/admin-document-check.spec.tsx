import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouteObject } from 'react-router';
import type { Tool } from '@outils/contracts';
import AdminDashboardPage from '../admin/dashboard';
import { RequireAdmin } from '../../../features/auth/components/require-admin';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';
import { makeTool } from '../../../testing/test-utils';

const routes: RouteObject[] = [{ path: '/admin', element: <RequireAdmin />, children: [{ index: true, Component: AdminDashboardPage }] }];

const checkedAt = '2026-03-03T10:00:00Z';
const TOOLS: Tool[] = [
  makeTool({ id: 1, name: 'Devis balisé', downloadCount: 3, accessibility: { outcome: 'accessible', checked: 9, checkedAt, issues: [] } }),
  makeTool({
    id: 2, name: 'Facture scannée', downloadCount: 1,
    accessibility: {
      outcome: 'partial', checked: 9, checkedAt,
      issues: [
        { label: 'Le PDF est balisé (arbre de structure et MarkInfo)', reference: 'PDF/UA-1 § 7.1 ; RGAA 13.3', where: ['aucun arbre de structure'], fix: 'Exportez le PDF avec l’option « PDF balisé ».' },
        { label: 'La langue du document est indiquée', reference: 'PDF/UA-1 § 7.2 ; RGAA 8.3', where: [], fix: 'Indiquez la langue du document.' },
      ],
    },
  }),
  makeTool({ id: 3, name: 'Ancien classeur', downloadCount: 0, accessibility: null }),
  // RGAA 13.3 (docs/product/rules.md#R947): the PDF fails, its declared DOCX passes.
  makeTool({
    id: 4, name: 'Plan avec version Word', downloadCount: 0, documentAccessible: true,
    accessibility: { outcome: 'partial', checked: 9, checkedAt, issues: [{ label: 'La langue du document est indiquée', reference: 'PDF/UA-1 § 7.2 ; RGAA 8.3', where: [], fix: 'Indiquez la langue du document.' }] },
  }),
];

describe('the dashboard shows each document’s check and filters the failing ones (docs/product/rules.md#R951)', () => {
  beforeEach(() => {
    server.use(
      http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'admin@example.com', isAdmin: true } })),
      http.get(`${API}/api/tools`, () => HttpResponse.json({ tools: TOOLS, page: 1, lastPage: 1, total: TOOLS.length })),
    );
  });

  it('says « Document accessible », « À corriger : 2 points » with the list, or « Pas de résultat », and keeps only the failing tools when asked', async () => {
    const { user } = renderApp('/admin', { routes, session: signedIn('admin@example.com', 'jeton-admin') });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Document' })).toBeInTheDocument();
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(row('Devis balisé')).toHaveTextContent('Document accessible');
    expect(row('Ancien classeur')).toHaveTextContent('Pas de résultat');
    expect(row('Plan avec version Word')).toHaveTextContent('Version accessible proposée');
    expect(row('Plan avec version Word')).toHaveTextContent('À corriger : 1 point');
    const failing = within(row('Facture scannée')).getByText('À corriger : 2 points');
    await user.click(failing);
    expect(within(row('Facture scannée')).getByText('Le PDF est balisé (arbre de structure et MarkInfo)')).toBeVisible();
    expect(row('Facture scannée')).toHaveTextContent('Où : aucun arbre de structure');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Documents' }), 'À corriger');
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Facture scannée']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Documents' }), 'Accessibles');
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent).sort()).toEqual(['Devis balisé', 'Plan avec version Word']);
  });
});
