import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Navigate, RouteObject } from 'react-router';
import LoginPage from '../login/login';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';

/** /login, plus a page that sends its visitor to /login the way the guards do. */
const routes: RouteObject[] = [
  { path: '/login', Component: LoginPage },
  { path: '/toolspage/kit-rgpd', element: <h1>Fiche Kit RGPD</h1> },
  { path: '/profile', element: <h1>Page profil</h1> },
  { path: '/toolspage/favorites', element: <h1>Page favoris</h1> },
  { path: '/guarded', element: <Navigate to="/login" replace state={{ from: '/toolspage/favorites' }} /> },
];

function loginReply(body: unknown, status = 200) {
  const seen: unknown[] = [];
  server.use(
    http.post(`${API}/api/login`, async ({ request }) => {
      seen.push(await request.json());
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
  );
  return seen;
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email = 'camille@example.com', password = 'Secret-123') {
  await user.type(screen.getByLabelText('Adresse e-mail'), email);
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'SE CONNECTER' }));
}

describe('/login', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the form with its links and a password visibility toggle', async () => {
    const { user } = renderApp('/login', { routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "J’ai oublié mon mot de passe" })).toHaveAttribute('href', '/login/password/forgot');
    expect(screen.getByRole('link', { name: "Je m’inscris" })).toHaveAttribute('href', '/login/signup');
    const password = screen.getByLabelText('Mot de passe');
    expect(password).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(password).toHaveAttribute('type', 'text');
  });

  it('requires the e-mail and the password, ties the errors to the fields and focuses the first one', async () => {
    const seen = loginReply({});
    const { user } = renderApp('/login', { routes });
    await user.click(await screen.findByRole('button', { name: 'SE CONNECTER' }));
    const email = screen.getByLabelText('Adresse e-mail');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Saisissez votre adresse e-mail.');
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription('Saisissez votre mot de passe.');
    expect(email).toHaveFocus();
    expect(seen).toHaveLength(0);
  });

  it('sends a guest who logged in from a favourite back to that page, with the favourite added', async () => {
    jest.useFakeTimers();
    loginReply({ user: 'camille@example.com', token: 'jeton-tout-neuf' });
    const favourites: { body: unknown; token: string | null }[] = [];
    server.use(
      http.post(`${API}/api/favorites/create`, async ({ request }) => {
        favourites.push({ body: await request.json(), token: request.headers.get('userToken') });
        return HttpResponse.json({ success: true });
      }),
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { router } = renderApp('/toolspage/kit-rgpd', { routes });
    await screen.findByRole('heading', { name: 'Fiche Kit RGPD' });
    // What the star's guest alert does: « Me connecter » with the page and the tool.
    act(() => void router.navigate('/login', { state: { from: '/toolspage/kit-rgpd', favourite: 7 } }));
    await screen.findByRole('heading', { name: 'Connexion' });
    await fillAndSubmit(user);
    await screen.findByRole('heading', { name: 'Vous êtes connecté' });
    expect(favourites).toEqual([{ body: { toolId: 7 }, token: 'jeton-tout-neuf' }]);
    act(() => jest.advanceTimersByTime(2000));
    expect(await screen.findByRole('heading', { name: 'Fiche Kit RGPD' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/toolspage/kit-rgpd');
  });

  it('stores the session and goes to /profile 2 seconds after a successful login', async () => {
    jest.useFakeTimers();
    const seen = loginReply({ user: 'camille@example.com', token: 'jeton-tout-neuf' });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { router, store } = renderApp('/login', { routes });
    await screen.findByRole('heading', { name: 'Connexion' });
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { name: 'Vous êtes connecté' })).toBeInTheDocument();
    expect(seen).toEqual([{ username: 'camille@example.com', password: 'Secret-123' }]);
    expect(store.getState().session).toMatchObject({ email: 'camille@example.com', token: 'jeton-tout-neuf' });
    expect(window.localStorage.getItem('token')).toBe('jeton-tout-neuf');
    expect(window.localStorage.getItem('current_user_email')).toBe('camille@example.com');

    act(() => jest.advanceTimersByTime(1999));
    expect(router.state.location.pathname).toBe('/login');
    act(() => jest.advanceTimersByTime(1));
    expect(await screen.findByRole('heading', { name: 'Page profil' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('sends the visitor back to the page they came from', async () => {
    jest.useFakeTimers();
    loginReply({ user: 'camille@example.com', token: 'jeton' });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { router } = renderApp('/guarded', { routes });
    await screen.findByRole('heading', { name: 'Connexion' });
    await fillAndSubmit(user);
    await screen.findByRole('heading', { name: 'Vous êtes connecté' });
    act(() => jest.advanceTimersByTime(2000));
    expect(await screen.findByRole('heading', { name: 'Page favoris' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/toolspage/favorites');
  });

  it('shows the message of a reply without token and resends the activation mail', async () => {
    loginReply({ message: "Votre compte n’est pas encore activé." });
    const resent: unknown[] = [];
    server.use(
      http.post(`${API}/api/login/new/email`, async ({ request }) => {
        resent.push(await request.json());
        return HttpResponse.json({ message: 'Un nouvel e-mail vient de vous être envoyé.' });
      }),
    );
    const { user, store } = renderApp('/login', { routes });
    await screen.findByRole('heading', { name: 'Connexion' });
    await fillAndSubmit(user);
    expect(await screen.findByText("Votre compte n’est pas encore activé.")).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    await user.click(screen.getByRole('button', { name: "Renvoyer l’e-mail d’activation" }));
    expect(await screen.findByText('Un nouvel e-mail vient de vous être envoyé.')).toBeInTheDocument();
    expect(resent).toEqual([{ email: 'camille@example.com' }]);
    // Nothing typed is lost.
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('camille@example.com');
  });

  it("shows 'Une erreur s’est produite' when the resend fails", async () => {
    loginReply({ message: 'Compte non activé.' });
    server.use(http.post(`${API}/api/login/new/email`, () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { user } = renderApp('/login', { routes });
    await screen.findByRole('heading', { name: 'Connexion' });
    await fillAndSubmit(user);
    await user.click(await screen.findByRole('button', { name: "Renvoyer l’e-mail d’activation" }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Une erreur s’est produite");
  });

  it('shows the error text of an HTTP error and keeps what was typed', async () => {
    loginReply({ error: 'Identifiants incorrects.' }, 401);
    const { user } = renderApp('/login', { routes });
    await screen.findByRole('heading', { name: 'Connexion' });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Identifiants incorrects.');
    expect(screen.getByLabelText('Mot de passe')).toHaveValue('Secret-123');
    expect(screen.getByRole('button', { name: 'SE CONNECTER' })).toBeEnabled();
  });

  it('shows the connected view with the e-mail, and logs out while staying on /login', async () => {
    const loggedOut: string[] = [];
    server.use(
      http.post(`${API}/api/logout`, ({ request }) => {
        loggedOut.push(request.headers.get('userToken') ?? '');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    window.localStorage.setItem('token', 'jeton-de-test');
    const { user, router, store } = renderApp('/login', { routes, session: signedIn() });
    const heading = await screen.findByRole('heading', { name: 'Vous êtes connecté' });
    const card = heading.closest('section')!;
    expect(within(card).getByText('camille@example.com')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(loggedOut).toEqual(['jeton-de-test']);
    expect(store.getState().session).toMatchObject({ email: null, token: null });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('offers a login link by e-mail when the password alone is refused for a while (R769, R770)', async () => {
    loginReply({ error: 'Trop d’essais de mot de passe ont échoué sur ce compte.', loginLink: true }, 401);
    const asked: unknown[] = [];
    server.use(
      http.post(`${API}/api/login/link`, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ message: 'Si un compte existe pour cette adresse, un lien de connexion vient d’être envoyé.' });
      }),
    );
    const { user } = renderApp('/login', { routes });
    await fillAndSubmit(user);
    expect(await screen.findByText('Trop d’essais de mot de passe ont échoué sur ce compte.')).toBeInTheDocument();
    const offer = screen.getByRole('button', { name: 'Recevoir un lien de connexion par e-mail' });
    offer.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Si un compte existe pour cette adresse, un lien de connexion vient d’être envoyé.')).toBeInTheDocument();
    expect(asked).toEqual([{ email: 'camille@example.com' }]);
  });

  it('shows a plain refusal without the offer', async () => {
    loginReply({ error: 'Identifiants incorrects.' }, 401);
    const { user } = renderApp('/login', { routes });
    await fillAndSubmit(user);
    expect(await screen.findByText('Identifiants incorrects.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recevoir un lien de connexion par e-mail' })).not.toBeInTheDocument();
  });
});
