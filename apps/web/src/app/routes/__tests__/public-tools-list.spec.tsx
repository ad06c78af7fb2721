import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ToolsResponse } from '@outils/contracts';
import { allowSlowLazyRoutes, FILTERS, listing, makeTool, stubBrowserApis } from '../../../testing/test-utils';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';

beforeAll(() => {
  stubBrowserApis();
  allowSlowLazyRoutes();
});
beforeEach(() => (window.scrollTo as jest.Mock).mockClear());

/** Mocks the catalogue; `answer` decides the listing from the raw query string. */
function mockCatalogue(answer: (search: string) => ToolsResponse | Response) {
  const queries: string[] = [];
  server.use(
    http.get(`${API}/api/filters`, () => HttpResponse.json(FILTERS)),
    http.get(`${API}/api/tools`, ({ request }) => {
      const search = new URL(request.url).search.slice(1);
      queries.push(search);
      const result = answer(search);
      return result instanceof Response ? result : HttpResponse.json(result);
    }),
  );
  return queries;
}

const pageOf = (search: string) => Number(/(?:^|&)page=(\d+)/.exec(search)?.[1] ?? 1);

describe('listing /toolspage (docs/product/rules.md#R79, #R81, #R82, #R83, #R200)', () => {
  it('shows the title, the side menu with its filter groups, the cards and loads page 1 with onlyFavorites=false', async () => {
    const queries = mockCatalogue(() => listing([makeTool({ name: 'Diagnostic cybersécurité' }), makeTool({ name: 'Checklist RGPD' })]));
    renderApp('/toolspage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tous les outils' })).toBeInTheDocument();
    // The side menu and the results first, the rows after them (docs/product/rules.md#R721).
    const menu = await screen.findByRole('complementary', { name: 'Explorer les outils' });
    expect(within(menu).getByRole('heading', { name: 'Filtrer par' })).toBeInTheDocument();
    expect(await within(menu).findByRole('group', { name: 'Sujet' })).toBeInTheDocument();
    expect(within(menu).getByRole('group', { name: 'Type d’outils' })).toBeInTheDocument();
    expect(within(menu).getByRole('group', { name: 'Difficulté' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Réinitialiser les filtres' })).toHaveAttribute('href', '/toolspage');
    expect(await screen.findByRole('article', { name: 'Diagnostic cybersécurité' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Checklist RGPD' })).toBeInTheDocument();
    expect(screen.getByText('2 outils')).toBeInTheDocument();
    // The listing, and 'Les plus téléchargés' after it (docs/product/rules.md#R721).
    expect([...queries].sort()).toEqual(['page=1&onlyFavorites=false', 'page=1&onlyFavorites=false&sort=popular']);
    expect(document.title).toBe('Explorez les outils pour digitaliser votre activité vous-même');
  });

  it('rebuilds the query from the checked filters, goes back to page 1 and keeps everything in the URL', async () => {
    const queries = mockCatalogue((search) => listing([makeTool()], pageOf(search), 4));
    const { user, router } = renderApp('/toolspage?page=3');
    await screen.findAllByRole('article');
    expect(queries[0]).toBe('page=3&onlyFavorites=false');

    await user.click(await screen.findByRole('checkbox', { name: 'Sécurité' }));
    await waitFor(() => expect(queries.at(-1)).toBe('page=1&categories[]=1&onlyFavorites=false'));
    await user.click(screen.getByRole('checkbox', { name: 'Marketing' }));
    await user.click(screen.getByRole('checkbox', { name: 'Checklist' }));
    await user.click(screen.getByRole('checkbox', { name: 'Complexe' }));
    await waitFor(() =>
      expect(queries.at(-1)).toBe('page=1&categories[]=1&categories[]=3&types[]=2&difficulties[]=Complexe&onlyFavorites=false'),
    );
    expect(router.state.location.search).toBe('?categories=1&categories=3&types=2&difficulties=Complexe');

    await user.click(screen.getByRole('checkbox', { name: 'Sécurité' }));
    await waitFor(() => expect(queries.at(-1)).toBe('page=1&categories[]=3&types[]=2&difficulties[]=Complexe&onlyFavorites=false'));
    expect(screen.getByRole('checkbox', { name: 'Sécurité' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
  });

  it('restores filters, search and page from a shared URL', async () => {
    const queries = mockCatalogue((search) => listing([makeTool()], pageOf(search), 3));
    renderApp('/toolspage?types=4&difficulties=Moyen&q=devis&page=2');
    await screen.findAllByRole('article');
    expect(queries[0]).toBe('page=2&types[]=4&difficulties[]=Moyen&onlyFavorites=false&q=devis');
    expect(await screen.findByRole('checkbox', { name: 'Modèle' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Moyen' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Rechercher un outil' })).toHaveValue('devis');
    expect(screen.getByRole('button', { name: 'Page 2 sur 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches with q and goes back to page 1', async () => {
    const queries = mockCatalogue((search) => listing([makeTool()], pageOf(search), 2));
    const { user, router } = renderApp('/toolspage?page=2');
    await screen.findAllByRole('article');
    await user.type(screen.getByRole('combobox', { name: 'Rechercher un outil' }), 'sécurité{Enter}');
    await waitFor(() => expect(queries.at(-1)).toBe('page=1&onlyFavorites=false&q=s%C3%A9curit%C3%A9'));
    expect(router.state.location.search).toBe('?q=s%C3%A9curit%C3%A9');
    expect(await screen.findByText(/pour « sécurité »/)).toBeInTheDocument();
  });

  it('paginates with « Précédent » / page number / « Suivant », disabled at the ends, scrolling to the top', async () => {
    const queries = mockCatalogue((search) => listing([makeTool({ name: `Outil de la page ${pageOf(search)}` })], pageOf(search), 3));
    const { user, router } = renderApp('/toolspage');
    await screen.findByRole('article', { name: 'Outil de la page 1' });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: /Précédent/ })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: /Suivant/ })).toBeEnabled();
    expect(within(nav).getByRole('button', { name: 'Page 1 sur 3' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('button', { name: /Suivant/ }));
    await screen.findByRole('article', { name: 'Outil de la page 2' });
    expect(router.state.location.search).toBe('?page=2');
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: /Précédent/ })).toBeEnabled();

    (window.scrollTo as jest.Mock).mockClear();
    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('article', { name: 'Outil de la page 3' });
    const last = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(last).getByRole('button', { name: /Suivant/ })).toBeDisabled();
    expect(within(last).getByRole('button', { name: /Précédent/ })).toBeEnabled();
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 }));
    expect(queries.filter((q) => !q.endsWith('sort=popular'))).toEqual(['page=1&onlyFavorites=false', 'page=2&onlyFavorites=false', 'page=3&onlyFavorites=false']);
  });

  it('does not jump to the top when the list is shown again (back from a sheet), only after a change', async () => {
    mockCatalogue((search) => listing([makeTool({ name: `Outil de la page ${pageOf(search)}` })], pageOf(search), 3));
    const { user } = renderApp('/toolspage?page=2');
    await screen.findByRole('article', { name: 'Outil de la page 2' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Résultats' })).toHaveAttribute('aria-busy', 'false'));
    expect(window.scrollTo).not.toHaveBeenCalledWith({ top: 0 });

    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: /Suivant/ }));
    await screen.findByRole('article', { name: 'Outil de la page 3' });
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 }));
  });

  it('keeps the filters, the search and the page in the sheet’s breadcrumb « Explorer »', async () => {
    mockCatalogue((search) => listing([makeTool({ id: 7, slug: 'kit-rgpd', name: 'Kit RGPD' })], pageOf(search), 3));
    server.use(http.get(`${API}/tools/:identifier`, () => HttpResponse.json({ tool: makeTool({ id: 7, slug: 'kit-rgpd', name: 'Kit RGPD' }) })));
    const { user } = renderApp('/toolspage?categories=3&q=rgpd&page=2');
    const card = await screen.findByRole('article', { name: 'Kit RGPD' });
    await user.click(within(card).getByRole('link', { name: 'Kit RGPD' }));
    await screen.findByRole('heading', { level: 1, name: 'Kit RGPD' });
    const crumbs = screen.getByRole('navigation', { name: 'Fil d’Ariane' });
    expect(within(crumbs).getByRole('link', { name: 'Explorer' })).toHaveAttribute('href', '/toolspage?categories=3&q=rgpd&page=2');
  });

  it('offers « Aller aux résultats » to keyboard users, straight to the cards', async () => {
    mockCatalogue(() => listing([makeTool({ name: 'Kit RGPD' })]));
    const { user } = renderApp('/toolspage');
    await screen.findByRole('article', { name: 'Kit RGPD' });
    const skip = screen.getByRole('link', { name: 'Aller aux résultats' });
    expect(skip).toHaveAttribute('href', '#resultats');
    const results = screen.getByRole('region', { name: 'Résultats' });
    expect(results).toHaveAttribute('id', 'resultats');
    expect(results).toHaveAttribute('tabindex', '-1');
    // Right after the header's links: the first stop of the page itself.
    const toContent = screen.getByRole('link', { name: 'Aller au contenu' });
    const header = toContent.closest('header')!;
    toContent.focus();
    for (let stops = 0; stops < 20 && (header.contains(document.activeElement) || document.activeElement === document.body); stops += 1) {
      await user.tab();
    }
    expect(skip).toHaveFocus();
  });

  it('opens the filters as a sheet on small screens, closed by « Voir N outils » with the current count', async () => {
    const queries = mockCatalogue((search) => listing(search.includes('categories') ? [makeTool()] : [makeTool(), makeTool(), makeTool()]));
    const { user } = renderApp('/toolspage');
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Filtrer les outils' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filtrer par' });
    expect(within(sheet).getByRole('group', { name: 'Sujet' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Voir 3 outils' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('checkbox', { name: 'Sécurité' }));
    await waitFor(() => expect(queries.at(-1)).toBe('page=1&categories[]=1&onlyFavorites=false'));
    expect(within(sheet).getByRole('checkbox', { name: 'Sécurité' })).toBeChecked();
    await user.click(await within(sheet).findByRole('button', { name: 'Voir 1 outil' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Filtrer les outils/ })).toHaveTextContent('1 filtre actif');
  });

  it('says « Page 2 sur 3 » in words (what a phone shows instead of the numbers)', async () => {
    mockCatalogue((search) => listing([makeTool()], pageOf(search), 3));
    renderApp('/toolspage?page=2');
    await screen.findAllByRole('article');
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByText('Page 2 sur 3')).toBeInTheDocument();
  });

  it('shows « Aucun résultat » for an empty list, without pagination', async () => {
    mockCatalogue(() => listing([]));
    renderApp('/toolspage?q=introuvable');
    expect(await screen.findByRole('heading', { name: 'Aucun résultat' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows the server message above the list when the load fails', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockCatalogue(() => HttpResponse.json({ message: 'Le paramètre « page » n’est pas valide.' }, { status: 400 }));
    renderApp('/toolspage');
    expect(await screen.findByRole('alert')).toHaveTextContent('Le paramètre « page » n’est pas valide.');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it('shows a guest the subscribers-only alert on a card star', async () => {
    mockCatalogue(() => listing([makeTool({ name: 'Kit RGPD' })]));
    const { user } = renderApp('/toolspage');
    const card = await screen.findByRole('article', { name: 'Kit RGPD' });
    // Each star is named after its tool (docs/product/rules.md#R730).
    await user.click(within(card).getByRole('button', { name: 'Ajouter « Kit RGPD » aux favoris' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Psssst, les favoris sont réservés aux abonnés. Pensez à vous connecter ou créez-vous un compte ;)',
    );
  });
});

describe('listing /toolspage/favorites', () => {
  beforeEach(() => {
    server.use(http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'camille@example.com', newsletter: true, isAdmin: false } })));
  });

  it('asks for favourites only, titled « Mes Favoris » with the side menu « Mes outils favoris »', async () => {
    const queries = mockCatalogue(() => listing([makeTool({ name: 'Kit RGPD', isFavorite: true })]));
    renderApp('/toolspage/favorites', { session: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes Favoris' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Mes outils favoris' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Réinitialiser les filtres' })).toHaveAttribute('href', '/toolspage/favorites');
    await screen.findByRole('article', { name: 'Kit RGPD' });
    expect(queries).toEqual(['page=1&onlyFavorites=true']);
  });

  it('removes a favourite: its card leaves and the count follows at once, then the page is asked again (docs/product/rules.md#R731)', async () => {
    const queries = mockCatalogue(() => listing([makeTool({ id: 5, name: 'Kit RGPD', isFavorite: true }), makeTool({ id: 6, name: 'Checklist RGPD', isFavorite: true })]));
    const deletes: unknown[] = [];
    server.use(
      http.post(`${API}/api/favorites/delete`, async ({ request }) => {
        deletes.push(await request.json());
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderApp('/toolspage/favorites', { session: signedIn() });
    const card = await screen.findByRole('article', { name: 'Kit RGPD' });
    expect(screen.getByText('2 outils')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: '« Kit RGPD » ajouté aux favoris' }));
    expect(screen.queryByRole('article', { name: 'Kit RGPD' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Checklist RGPD' })).toBeInTheDocument();
    expect(screen.getByText('1 outil')).toBeInTheDocument();
    // The focus does not get lost with the card: it goes to the results.
    expect(screen.getByRole('region', { name: 'Résultats' })).toHaveFocus();
    await waitFor(() => expect(deletes).toEqual([{ toolId: 5 }]));
    // Once the server took it off, the page is asked again (its counts follow).
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(screen.getByText('1 outil')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '« Checklist RGPD » ajouté aux favoris' }));
    expect(await screen.findByRole('heading', { name: 'Aucun résultat' })).toBeInTheDocument();
    expect(screen.getByText('Vous n’avez pas encore de favori. Cliquez sur l’étoile d’un outil pour le retrouver ici.')).toBeInTheDocument();
  });
});
