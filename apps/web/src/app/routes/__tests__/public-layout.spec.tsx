import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { allowSlowLazyRoutes, makeTool, stubBrowserApis } from '../../../testing/test-utils';
import { loadAnalytics } from '../../../lib/analytics';
import { API, server, testPublisher, testRetention } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';

beforeAll(() => {
  stubBrowserApis();
  allowSlowLazyRoutes();
});

const me = (userData: Record<string, unknown>) =>
  server.use(http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'camille@example.com', newsletter: true, isAdmin: false, ...userData } })));

async function openAccountMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Mon espace' }));
  return screen.findByRole('menu');
}

describe('header (docs/product/rules.md#R191)', () => {
  it('gives a guest the explorer, the guest modal for favourites and a menu to log in, create an account, or « Mon profil » to /login', async () => {
    const { user, router } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'L’agence derrière Outils' });
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Explorer les outils' })).toHaveAttribute('href', '/toolspage');
    expect(screen.getByRole('link', { name: 'Outils, retour à l’accueil' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Aller au contenu' })).toHaveAttribute('href', '#contenu');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'contenu');

    const menu = await openAccountMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('menuitem', { name: 'Créer un compte' })).toHaveAttribute('href', '/login/signup');
    expect(within(menu).getByRole('menuitem', { name: 'Mon profil' })).toHaveAttribute('href', '/login');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Déconnexion' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(nav).getByRole('button', { name: 'Mes favoris' }));
    const modal = await screen.findByRole('alertdialog', { name: 'Vos favoris vous attendent' });
    await user.click(within(modal).getByRole('link', { name: 'Créer mon compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/signup'));
  });

  it('gives a member the favourites link, « Mon profil » to /profile and « Déconnexion », no « Admin »', async () => {
    me({});
    const { user } = renderApp('/about', { session: signedIn() });
    await screen.findByRole('heading', { level: 1, name: 'L’agence derrière Outils' });
    expect(screen.getByRole('link', { name: 'Mes favoris' })).toHaveAttribute('href', '/toolspage/favorites');
    const menu = await openAccountMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Mon profil' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Déconnexion' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /Se connecter|Créer un compte/ })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows « Admin » to admins only', async () => {
    me({ isAdmin: true });
    const { user } = renderApp('/about', { session: signedIn() });
    await screen.findByRole('heading', { level: 1, name: 'L’agence derrière Outils' });
    await waitFor(async () => {
      const menu = await openAccountMenu(user);
      expect(within(menu).getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    });
  });

  it('logs out: revokes the token, clears the session and the cache, goes to /', async () => {
    me({});
    const logouts: (string | null)[] = [];
    server.use(
      http.post(`${API}/api/logout`, ({ request }) => {
        logouts.push(request.headers.get('userToken'));
        return HttpResponse.json({ message: 'Vous êtes déconnecté.' });
      }),
      http.get(`${API}/api/tools/featured`, () => HttpResponse.json({ tool: null })),
    );
    localStorage.setItem('token', 'jeton-de-test');
    localStorage.setItem('current_user_email', 'camille@example.com');
    const { user, router, store } = renderApp('/about', { session: signedIn() });
    await screen.findByRole('heading', { level: 1, name: 'L’agence derrière Outils' });
    await waitFor(() => expect(store.getState().api.queries['userShow(undefined)']?.status).toBe('fulfilled'));
    const menu = await openAccountMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Déconnexion' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(logouts).toEqual(['jeton-de-test']);
    expect(store.getState().session).toMatchObject({ token: null, email: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().api.queries['userShow(undefined)']).toBeUndefined();
    expect(await screen.findByRole('button', { name: 'Mes favoris' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: /La bibliothèque la plus cool/ });
    await waitFor(() => expect(store.getState().api.queries['featuredTool(undefined)']?.status).toBe('fulfilled'));
  });
});

const withPublisher = (changes: Partial<typeof testPublisher>) =>
  server.use(http.get(`${API}/api/site`, () => HttpResponse.json({ publisher: { ...testPublisher, ...changes }, retention: testRetention })));

describe('footer (docs/product/rules.md#R192)', () => {
  it('links to the legal pages, the about page, the configured contact and only the social profiles that are set', async () => {
    renderApp('/info/cgu');
    await screen.findByRole('heading', { level: 1, name: 'Conditions générales d’utilisation' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Conditions générales d’utilisation' })).toHaveAttribute('href', '/info/cgu');
    expect(within(footer).getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute('href', '/info/privacypolicy');
    expect(within(footer).getByRole('link', { name: 'Mentions légales' })).toHaveAttribute('href', '/info/legalnotice');
    expect(within(footer).getByRole('link', { name: 'L’agence' })).toHaveAttribute('href', '/about');
    expect(await within(footer).findByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', 'mailto:bonjour@conseil-numerique.fr');
    const linkedIn = within(footer).getByRole('link', { name: 'Outils sur LinkedIn (nouvel onglet)' });
    expect(linkedIn).toHaveAttribute('href', 'https://www.linkedin.com/company/conseil-numerique-lyonnais');
    expect(linkedIn).toHaveAttribute('target', '_blank');
    expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');
    // Not configured: no icon pointing to a network's home page.
    expect(within(footer).queryByRole('link', { name: /Instagram|Facebook/ })).not.toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: /^Outils sur/, hidden: true })?.getAttribute('href')).not.toMatch(/^https:\/\/www\.\w+\.com\/$/);
  });

  it('shows no social heading at all when no profile is set', async () => {
    withPublisher({ social: { linkedin: null, instagram: null, facebook: null } });
    renderApp('/about');
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByRole('link', { name: 'Nous contacter' });
    expect(within(footer).queryByRole('heading', { name: 'Suivez-nous' })).not.toBeInTheDocument();
  });
});

describe('legal pages (the publisher from the configuration)', () => {
  /** Any « [raison sociale] »-like placeholder left in the page. */
  const placeholders = () => document.body.textContent?.match(/\[[^\]]{2,}\]/g) ?? [];

  it('shows the publisher, the publication director and the host of the configuration, no placeholder', async () => {
    renderApp('/info/legalnotice');
    expect(await screen.findByText(/Conseil Numérique Lyonnais, SARL au capital de 8 000 €/)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText(/10 quai Saint-Antoine, 69002 Lyon/)).toBeInTheDocument();
    expect(within(main).getByText(/RCS Lyon 123 456 789 — SIRET 123 456 789 00012/)).toBeInTheDocument();
    expect(within(main).getByText('Le gérant de la société')).toBeInTheDocument();
    expect(within(main).getByText(/Hébergeur SAS/)).toBeInTheDocument();
    expect(within(main).getByText(/Téléphone : 03 20 00 00 00/)).toBeInTheDocument();
    expect(within(main).getAllByRole('link', { name: 'bonjour@conseil-numerique.fr' })[0]).toHaveAttribute('href', 'mailto:bonjour@conseil-numerique.fr');
    expect(within(main).queryByRole('note')).not.toBeInTheDocument();
    expect(placeholders()).toEqual([]);
    // Outside a demonstration no configuration variable is ever named to visitors (R747).
    expect(document.body.textContent).not.toMatch(/PUBLISHER_|HOSTING_|PUBLICATION_DIRECTOR/);
  });

  it.each(['/info/cgu', '/info/privacypolicy'])('names the publisher on %s, no placeholder', async (path) => {
    renderApp(path);
    expect((await screen.findAllByText(/Conseil Numérique Lyonnais/)).length).toBeGreaterThan(0);
    await waitFor(() => expect(within(screen.getByRole('main')).getAllByRole('link', { name: 'bonjour@conseil-numerique.fr' }).length).toBeGreaterThan(0));
    expect(placeholders()).toEqual([]);
  });

  it('says when the identity is a demonstration', async () => {
    withPublisher({ name: 'Agence Exemple (démonstration)', demo: true });
    renderApp('/info/legalnotice');
    expect(await screen.findByRole('note')).toHaveTextContent(/Démonstration : l’éditeur et l’hébergeur ci-dessous sont fictifs/);
    // A demonstration may say where production takes them from (R747).
    expect(screen.getByRole('note')).toHaveTextContent(/PUBLISHER_\*/);
  });

  it('explains, without placeholders, when the identity cannot be loaded', async () => {
    server.use(http.get(`${API}/api/site`, () => HttpResponse.json({ message: 'Une erreur est survenue' }, { status: 500 })));
    renderApp('/info/legalnotice');
    expect(await screen.findByRole('alert')).toHaveTextContent('Les informations sur l’éditeur n’ont pas pu être chargées.');
    expect(placeholders()).toEqual([]);
  });
});

describe('404 and 403 pages', () => {
  it.each(['/nimporte/quoi', '/info/404'])('shows the 404 texts at %s and offers a visitor the explorer, the home page and to log in', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'ERREUR 404' })).toBeInTheDocument();
    expect(screen.getByText('Vous avez trouvé notre point faible')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Explorer les outils' })).toHaveAttribute('href', '/toolspage');
    expect(within(main).getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Connectez-vous' })).toHaveAttribute('href', '/login');
    // Nobody is sent « back » to a login page they never saw.
    expect(within(main).queryByRole('link', { name: 'Retour à la connexion' })).not.toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'Voir mes favoris' })).not.toBeInTheDocument();
  });

  it('links to the favourites when a stored e-mail and token exist', async () => {
    me({});
    renderApp('/nimporte/quoi', { session: signedIn() });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Voir mes favoris' })).toHaveAttribute('href', '/toolspage/favorites');
    expect(within(main).queryByRole('link', { name: 'Connectez-vous' })).not.toBeInTheDocument();
  });

  it('keeps /notallowed out of search engines', async () => {
    renderApp('/notallowed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès non autorisé' })).toBeInTheDocument();
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex'));
  });
});

describe('home page (docs/product/rules.md#R10)', () => {
  it('shows the promises, the tool of the month, the sign-up and library links, the newsletter form and the agency teaser', async () => {
    server.use(
      http.get(`${API}/api/tools/featured`, () =>
        HttpResponse.json({ tool: makeTool({ name: 'Kit de démarrage RGPD', slug: 'kit-rgpd', type: { id: 4, name: 'Kit' } }) }),
      ),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'La bibliothèque la plus cool pour digitaliser son activité soi-même' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: /Explorer la bibliothèque/ })).toHaveAttribute('href', '/toolspage');
    expect(within(main).getByRole('link', { name: 'Créer mon compte gratuit' })).toHaveAttribute('href', '/login/signup');
    expect(within(main).getByRole('heading', { name: 'Votre bibliothèque personnelle' })).toBeInTheDocument();
    const folders = within(main).getByRole('heading', { name: 'Vos dossiers de téléchargement' });
    expect(folders).not.toHaveTextContent('Bientôt');
    expect(within(folders).getByRole('link', { name: 'Vos dossiers de téléchargement' })).toHaveAttribute('href', '/toolspage/folders');
    expect(within(main).getByRole('heading', { name: 'Des conseils personnalisés' })).toBeInTheDocument();
    const featured = await within(main).findByRole('region', { name: 'L’outil du mois' });
    expect(within(featured).getByText('Kit de démarrage RGPD')).toBeInTheDocument();
    expect(within(featured).getByRole('link', { name: /Découvrir l’outil du mois/ })).toHaveAttribute('href', '/toolspage/kit-rgpd');
    expect(within(main).getByRole('form', { name: 'Inscription à la newsletter' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: /Découvrir l’agence/ })).toHaveAttribute('href', '/about');

    await waitFor(() => expect(document.head.querySelector('meta[property="og:title"]')).not.toBeNull());
    expect(document.head.querySelector('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(/\/images\/og-image\.png$/);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/TPE et PME/);
  });

  it('offers a member the favourites instead of « Créer mon compte gratuit »', async () => {
    me({});
    server.use(http.get(`${API}/api/tools/featured`, () => HttpResponse.json({ tool: null })));
    renderApp('/', { session: signedIn() });
    await screen.findByRole('heading', { level: 1, name: /La bibliothèque la plus cool/ });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Voir mes favoris' })).toHaveAttribute('href', '/toolspage/favorites');
    expect(within(main).queryByRole('link', { name: 'Créer mon compte gratuit' })).not.toBeInTheDocument();
  });

  it('hides the tool of the month when there is none', async () => {
    server.use(http.get(`${API}/api/tools/featured`, () => HttpResponse.json({ tool: null })));
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /La bibliothèque la plus cool/ });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'L’outil du mois' })).not.toBeInTheDocument();
  });
});

describe('text pages', () => {
  it('presents the team by roles on /about', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'L’agence derrière Outils' });
    expect(screen.getByRole('heading', { level: 2, name: 'L’équipe' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Experts en cybersécurité' })).toBeInTheDocument();
  });

  it('states the terms are in force since 04/07/2023', async () => {
    renderApp('/info/cgu');
    expect(await screen.findByText('En vigueur depuis le 04/07/2023.')).toBeInTheDocument();
  });

  it('states the one-month answer to rights requests and the retention periods housekeeping applies, as configured (R480)', async () => {
    server.use(http.get(`${API}/api/site`, () => HttpResponse.json({ publisher: testPublisher, retention: { ...testRetention, downloadLogMonths: 7 } })));
    renderApp('/info/privacypolicy');
    expect(await screen.findByText(/dans un délai d’un mois/)).toBeInTheDocument();
    expect(await screen.findByText(/anonymisés au bout de 7 mois/)).toBeInTheDocument();
    expect(screen.getByText(/non confirmée est effacée au bout de 30 jours/)).toBeInTheDocument();
    expect(screen.getByText(/Un compte supprimé est effacé immédiatement/)).toBeInTheDocument();
    expect(screen.getByText(/effacé au bout de 24 heures/)).toBeInTheDocument();
  });

});

describe('analytics (docs/product/rules.md#R172)', () => {
  afterEach(() => document.head.querySelectorAll('script[data-analytics]').forEach((s) => s.remove()));
  const config = { apiUrl: API, analyticsScriptUrl: 'https://stats.example.net/script.js', productionHost: 'outils.example.fr' };

  it('loads the tracker on the production host only, once', () => {
    expect(loadAnalytics(config, { host: 'outils.example.fr' })).toBe(true);
    expect(document.head.querySelector('script[data-analytics]')).toHaveAttribute('src', 'https://stats.example.net/script.js');
    expect(loadAnalytics(config, { host: 'outils.example.fr' })).toBe(false);
    expect(document.head.querySelectorAll('script[data-analytics]')).toHaveLength(1);
  });

  it('loads nothing elsewhere or when unset', () => {
    expect(loadAnalytics(config, { host: 'localhost:4200' })).toBe(false);
    expect(loadAnalytics({ ...config, analyticsScriptUrl: null }, { host: 'outils.example.fr' })).toBe(false);
    expect(loadAnalytics({ ...config, productionHost: null }, { host: 'outils.example.fr' })).toBe(false);
    expect(document.head.querySelector('script[data-analytics]')).toBeNull();
  });
});
