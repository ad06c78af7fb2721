import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouteObject } from 'react-router';
import type { Partner } from '@outils/contracts';
import AdminPartnersPage from '../admin/partners';
import { RequireAdmin } from '../../../features/auth/components/require-admin';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';
import { stubBrowserApis } from '../../../testing/test-utils';

const routes: RouteObject[] = [{ path: '/admin', element: <RequireAdmin />, children: [{ path: 'partners', Component: AdminPartnersPage }] }];
const admin = () => http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'admin@example.com', isAdmin: true } }));

const cci: Partner = {
  id: '6f1c2a3e-1111-4222-8333-444455556666', name: 'CCI Exemple', logoUrl: null, website: 'https://www.cci-exemple.fr',
  contactEmail: 'numerique@cci-exemple.fr', allowedHosts: ['www.cci-exemple.fr'], createdAt: '2026-11-01T10:00:00.000Z',
};

/** docs/product/rules.md#R993, #R994: the admin's partners, their embed code, the form and its French errors. */
describe('/admin/partners', () => {
  beforeAll(stubBrowserApis);

  it('lists each partner with its embed code, and shows the API’s French field errors on the form', async () => {
    const sent: unknown[] = [];
    server.use(
      admin(),
      http.get(`${API}/api/admin/partners`, () => HttpResponse.json({ partners: [cci] })),
      http.post(`${API}/api/admin/partners/create`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ errors: { website: ['La valeur du champ « Site web » n’est pas valide.'] } }, { status: 400 });
      }),
    );
    const { user } = renderApp('/admin/partners', { routes, session: signedIn('admin@example.com', 'jeton-admin') });
    const list = await screen.findByRole('region', { name: 'Liste des partenaires' });
    expect(await within(list).findByRole('heading', { name: 'CCI Exemple' })).toBeInTheDocument();
    expect(within(list).getByText(`<script src="${window.location.origin}/embed.js" data-partenaire="${cci.id}" async></script>`)).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Nouveau partenaire' });
    const fill = async (name: RegExp, text: string) => {
      await user.click(within(form).getByRole('textbox', { name }));
      await user.paste(text);
    };
    await fill(/^Nom/, 'CMA Exemple');
    await fill(/^Site web/, 'pas une adresse');
    await fill(/^E-mail de contact/, 'contact@cma.fr');
    await fill(/^Sites autorisés/, 'www.cma.fr\n*.cma.fr');
    await user.click(within(form).getByRole('button', { name: 'Créer le partenaire' }));
    expect(await within(form).findByText('La valeur du champ « Site web » n’est pas valide.')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'CMA Exemple', logoUrl: null, website: 'pas une adresse', contactEmail: 'contact@cma.fr', allowedHosts: ['www.cma.fr', '*.cma.fr'] }]);
  }, 30_000);

  it('puts the chosen kit in a partner’s code, alone, with a native select (R1008)', async () => {
    const kit = { name: 'Démarrer sa transformation numérique', description: null, shareToken: 'k'.repeat(43), toolCount: 5 };
    server.use(
      admin(),
      http.get(`${API}/api/admin/partners`, () => HttpResponse.json({ partners: [cci] })),
      http.get(`${API}/api/kits`, () => HttpResponse.json({ kits: [kit] })),
    );
    const { user } = renderApp('/admin/partners', { routes, session: signedIn('admin@example.com', 'jeton-admin') });
    const list = await screen.findByRole('region', { name: 'Liste des partenaires' });
    const plain = `<script src="${window.location.origin}/embed.js" data-partenaire="${cci.id}" async></script>`;
    expect(await within(list).findByText(plain)).toBeInTheDocument();

    const choice = await within(list).findByRole('combobox', { name: 'Kit à intégrer — CCI Exemple' });
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Aucun kit : les 12 outils les plus récents', 'Démarrer sa transformation numérique (5 outils)',
    ]);
    await user.selectOptions(choice, kit.shareToken);
    const withKit = `<script src="${window.location.origin}/embed.js" data-partenaire="${cci.id}" data-kit="${kit.shareToken}" async></script>`;
    expect(within(list).getByText(withKit)).toBeInTheDocument();
    expect(within(list).queryByText(plain)).not.toBeInTheDocument();
    await user.selectOptions(choice, '');
    expect(within(list).getByText(plain)).toBeInTheDocument();
  }, 30_000);

  it('says how to make a kit when there is none, and keeps the plain code', async () => {
    server.use(admin(), http.get(`${API}/api/admin/partners`, () => HttpResponse.json({ partners: [cci] })));
    renderApp('/admin/partners', { routes, session: signedIn('admin@example.com', 'jeton-admin') });
    const list = await screen.findByRole('region', { name: 'Liste des partenaires' });
    expect(await within(list).findByText(/Aucun kit pour le moment/)).toBeInTheDocument();
    expect(within(list).queryByRole('combobox')).not.toBeInTheDocument();
  }, 30_000);
});
