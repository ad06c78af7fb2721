import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Tool } from '@outils/contracts';
import { allowSlowLazyRoutes, makeTool, stubBrowserApis } from '../../../testing/test-utils';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';

beforeAll(() => {
  stubBrowserApis();
  allowSlowLazyRoutes();
});

/** Mocks `GET /tools/{identifier}`; records the identifiers and queries asked for. */
function mockSheet(answer: (identifier: string) => Response | { tool: Tool } | { url: string }) {
  const calls: string[] = [];
  server.use(
    http.get(`${API}/tools/:identifier`, ({ params, request }) => {
      const identifier = String(params.identifier);
      calls.push(`${identifier}${new URL(request.url).search}`);
      const result = answer(identifier);
      return result instanceof Response ? result : HttpResponse.json(result);
    }),
  );
  return calls;
}

const metaDescription = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('tool sheet (docs/product/rules.md#R90, #R91, #R92, #R93)', () => {
  const tool = makeTool({
    id: 42,
    slug: 'diagnostic-cyber',
    name: 'Diagnostic cybersécurité',
    description: 'Une grille en 3 parties :\n- vos accès\n- vos sauvegardes',
    goal: 'Savoir où vous en êtes',
    people: 'Dirigeants et responsables informatiques',
    duration: 1.5,
    difficulty: 'Moyen',
    images: [{ id: 'a', src: 'http://localhost:3000/tools/images/a' }, { id: 'b', src: 'http://localhost:3000/tools/images/b' }],
  });

  it.each(['/toolspage/diagnostic-cyber', '/toolspage/details/42', '/tools/diagnostic-cyber'])(
    'shows the sheet at %s, identified by the last path segment, with the stored e-mail',
    async (path) => {
      const calls = mockSheet(() => ({ tool }));
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Diagnostic cybersécurité' })).toBeInTheDocument();
      expect(calls[0]).toBe(`${path.split('/').at(-1)}?email=`);
    },
  );

  it('sets the document title and description, and shows breadcrumb, gallery, info box and action box', async () => {
    server.use(http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'camille@example.com', newsletter: true, isAdmin: false } })));
    const calls = mockSheet(() => ({ tool }));
    renderApp('/toolspage/diagnostic-cyber', { session: signedIn() });
    await screen.findByRole('heading', { level: 1, name: 'Diagnostic cybersécurité' });
    expect(calls[0]).toBe('diagnostic-cyber?email=camille%40example.com');
    await waitFor(() => expect(document.title).toBe('Diagnostic cybersécurité'));
    expect(metaDescription()).toBe(tool.description);

    const crumbs = screen.getByRole('navigation', { name: 'Fil d’Ariane' });
    expect(within(crumbs).getByRole('link', { name: 'Explorer' })).toHaveAttribute('href', '/toolspage');
    expect(within(crumbs).getByText('Diagnostic cybersécurité')).toHaveAttribute('aria-current', 'page');

    expect(screen.getByRole('region', { name: 'Aperçus de « Diagnostic cybersécurité »' })).toBeInTheDocument();

    const info = screen.getByRole('region', { name: 'Diagnostic cybersécurité' });
    expect(within(info).getByRole('heading', { name: 'Cet outil contient :' })).toBeInTheDocument();
    const description = within(info).getByText(/Une grille en 3 parties/);
    expect(description.textContent).toBe('Une grille en 3 parties :\n- vos accès\n- vos sauvegardes');
    expect(within(info).getByText('Objectif')).toBeInTheDocument();
    expect(within(info).getByText('Savoir où vous en êtes')).toBeInTheDocument();
    expect(within(info).getByText('Pour qui ?')).toBeInTheDocument();
    expect(within(info).getByText('Niveau de difficulté')).toBeInTheDocument();
    expect(within(info).getByText('Moyen')).toBeInTheDocument();
    expect(within(info).getByText('Temps estimé')).toBeInTheDocument();
    expect(within(info).getByText('1 h 30')).toBeInTheDocument();

    const actions = screen.getByRole('complementary', { name: 'Actions sur l’outil' });
    // docs/product/rules.md#R633, #R635: the file's facts, and a button that names format and size.
    expect(within(actions).getByRole('button', { name: 'Télécharger le PDF (1,2\u00a0Mo) « Diagnostic cybersécurité »' })).toBeInTheDocument();
    expect(within(actions).getByRole('img', { name: 'PDF' })).toBeInTheDocument();
    expect(within(actions).getByText('12 pages')).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Ajouter aux favoris' })).toBeInTheDocument();
    expect(within(actions).getByRole('img', { name: /mascotte/ })).toBeInTheDocument();
  });

  it.each([
    [0.25, '15 min'],
    [0.5, '30 min'],
    [1, '1 heure'],
    [1.5, '1 h 30'],
    [2, '2 heures'],
    [2.75, '2 h 45'],
  ])('reads a duration of %s hours naturally: « %s »', async (duration, text) => {
    mockSheet(() => ({ tool: { ...tool, duration } }));
    renderApp('/toolspage/diagnostic-cyber');
    const info = await screen.findByRole('region', { name: 'Diagnostic cybersécurité' });
    expect(within(info).getByText(text)).toBeInTheDocument();
    expect(within(info).queryByText(/heure,|,\d heure/)).not.toBeInTheDocument();
  });

  it.each([
    ['expire', /Ce lien de téléchargement a expiré/],
    ['invalide', /Ce lien de téléchargement n’est pas valide/],
  ])('explains a download link that was %s and offers a fresh download', async (problem, text) => {
    mockSheet(() => ({ tool }));
    const downloads: string[] = [];
    server.use(
      http.get(`${API}/tools/download`, ({ request }) => {
        downloads.push(new URL(request.url).search);
        return HttpResponse.json({ url: 'http://localhost:3000/tools/file?toolId=42&expires=1&signature=x' });
      }),
    );
    const { user } = renderApp(`/toolspage/diagnostic-cyber?telechargement=${problem}`, { session: { hasGivenEmail: true } });
    const notice = (await screen.findByText(text)).closest('[role="status"]') as HTMLElement;
    expect(notice).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Télécharger à nouveau « Diagnostic cybersécurité »' }));
    await waitFor(() => expect(downloads).toEqual(['?toolId=42']));
  });

  it('offers the accessible version under the file’s button, with both verdicts, through the signed link (docs/product/rules.md#R946, #R949)', async () => {
    const checkedAt = '2026-03-03T10:00:00.000Z';
    mockSheet(() => ({
      tool: {
        ...tool,
        accessibility: { outcome: 'partial', checked: 9, checkedAt, issues: [{ label: 'Le PDF est balisé', reference: 'PDF/UA-1 § 7.1', where: [], fix: 'Exportez un PDF balisé.' }] },
        alternative: { format: 'word', size: 120 * 1024, accessibility: { outcome: 'accessible', checked: 6, checkedAt, issues: [] } },
        documentAccessible: true,
      },
    }));
    const downloads: string[] = [];
    server.use(
      http.get(`${API}/tools/download`, ({ request }) => {
        downloads.push(new URL(request.url).search);
        return HttpResponse.json({ url: 'http://localhost:3000/tools/file?toolId=42&expires=1&alt=1&signature=x' });
      }),
    );
    const { user } = renderApp('/toolspage/diagnostic-cyber', { session: { hasGivenEmail: true } });
    const actions = await screen.findByRole('complementary', { name: 'Actions sur l’outil' });
    // The PDF's own verdict stays the PDF's.
    expect(within(actions).getByText('Accessibilité du document : partielle — voir le détail')).toBeInTheDocument();
    expect(within(actions).getByRole('region', { name: 'Version accessible : document accessible' })).toHaveTextContent('6 critères vérifiés automatiquement le 3 mars 2026.');
    await user.click(within(actions).getByRole('button', { name: 'Télécharger la version accessible (DOCX, 120\u00a0Ko) « Diagnostic cybersécurité »' }));
    await waitFor(() => expect(downloads).toEqual(['?toolId=42&alternative=true']));
  });

  it('names the tools’ licence as configured, linked, under the actions (docs/product/rules.md#R990)', async () => {
    mockSheet(() => ({ tool }));
    renderApp('/toolspage/diagnostic-cyber');
    const actions = await screen.findByRole('complementary', { name: 'Actions sur l’outil' });
    const link = await within(actions).findByRole('link', { name: 'Licence Ouverte 2.0 (Etalab) (nouvel onglet)' });
    expect(link).toHaveAttribute('href', 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/');
    expect(link).toHaveAttribute('rel', 'license noopener');
  });

  it('hides the empty sections but always shows the difficulty', async () => {
    mockSheet(() => ({ tool: { ...tool, goal: '', people: null, duration: 0, difficulty: null } }));
    renderApp('/toolspage/diagnostic-cyber');
    const info = await screen.findByRole('region', { name: 'Diagnostic cybersécurité' });
    expect(within(info).queryByText('Objectif')).not.toBeInTheDocument();
    expect(within(info).queryByText('Pour qui ?')).not.toBeInTheDocument();
    expect(within(info).queryByText('Temps estimé')).not.toBeInTheDocument();
    expect(within(info).getByText('Niveau de difficulté')).toBeInTheDocument();
    expect(within(info).getByText('Non précisée')).toBeInTheDocument();
  });

  it('renders markup in the description as text, never as HTML', async () => {
    mockSheet(() => ({ tool: { ...tool, description: '<script>alert(1)</script><b>gras</b>\n<img src=x onerror=alert(2)>' } }));
    const { container } = renderApp('/toolspage/diagnostic-cyber');
    const info = await screen.findByRole('region', { name: 'Diagnostic cybersécurité' });
    expect(within(info).getByText(/<script>alert\(1\)<\/script><b>gras<\/b>/)).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('redirects (replacing the history entry) when the API answers a url', async () => {
    mockSheet((identifier) => (identifier === 'ancien-nom' ? { url: '/toolspage/diagnostic-cyber' } : { tool }));
    const { router } = renderApp('/toolspage/ancien-nom');
    expect(await screen.findByRole('heading', { level: 1, name: 'Diagnostic cybersécurité' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/toolspage/diagnostic-cyber');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the 404 content when the API answers 404', async () => {
    mockSheet(() => HttpResponse.json({ message: 'Cet outil est introuvable.' }, { status: 404 }));
    renderApp('/toolspage/inconnu');
    expect(await screen.findByRole('heading', { name: 'ERREUR 404' })).toBeInTheDocument();
    expect(screen.getByText('Vous avez trouvé notre point faible')).toBeInTheDocument();
  });

  it('reloads the sheet after a member toggles the favourite', async () => {
    server.use(http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'camille@example.com', newsletter: true, isAdmin: false } })));
    let favourite = false;
    const calls = mockSheet(() => ({ tool: { ...tool, isFavorite: favourite } }));
    server.use(
      http.post(`${API}/api/favorites/create`, () => {
        favourite = true;
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderApp('/toolspage/diagnostic-cyber', { session: signedIn() });
    const actions = await screen.findByRole('complementary', { name: 'Actions sur l’outil' });
    await user.click(within(actions).getByRole('button', { name: 'Ajouter aux favoris' }));
    expect(within(actions).getByRole('button', { name: 'Ajouté' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(within(actions).getByRole('button', { name: 'Ajouté' })).toBeInTheDocument();
  });

  it('shows a guest the sheet alert', async () => {
    mockSheet(() => ({ tool }));
    const { user } = renderApp('/toolspage/diagnostic-cyber');
    const actions = await screen.findByRole('complementary', { name: 'Actions sur l’outil' });
    await user.click(within(actions).getByRole('button', { name: 'Ajouter aux favoris' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Merci de vous connecter pour enregistrer des favoris.');
  });
});
