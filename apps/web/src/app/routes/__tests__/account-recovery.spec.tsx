import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouteObject } from 'react-router';
import PasswordForgotPage from '../login/password-forgot';
import PasswordResetPage from '../login/password-reset';
import SignupConfirmedPage from '../login/signup-confirmed';
import ProfileConfirmedPage from '../profile/profile-confirmed';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';

const routes: RouteObject[] = [
  { path: '/login/signup/confirmed', Component: SignupConfirmedPage },
  { path: '/login/password/forgot', Component: PasswordForgotPage },
  { path: '/login/password/reset', Component: PasswordResetPage },
  { path: '/profile/confirmed', Component: ProfileConfirmedPage },
  { path: '/login', element: <h1>Page connexion</h1> },
];

describe('/login/signup/confirmed', () => {
  it("shows the address and resends the activation mail with 'cliquez ici'", async () => {
    const seen: unknown[] = [];
    server.use(
      http.post(`${API}/api/login/new/email`, async ({ request }) => {
        seen.push(await request.json());
        return HttpResponse.json({ message: 'Un nouvel e-mail d’activation vient d’être envoyé.' });
      }),
    );
    const { user } = renderApp('/login/signup/confirmed?email=camille%40example.com', { routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Votre compte a bien été créé !' })).toBeInTheDocument();
    expect(screen.getByText('camille@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'cliquez ici' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Un nouvel e-mail d’activation vient d’être envoyé.');
    expect(seen).toEqual([{ email: 'camille@example.com' }]);
  });

  it("says 'Une erreur s’est produite' when resending fails", async () => {
    server.use(http.post(`${API}/api/login/new/email`, () => HttpResponse.error()));
    const { user } = renderApp('/login/signup/confirmed?email=camille%40example.com', { routes });
    await user.click(await screen.findByRole('button', { name: 'cliquez ici' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Une erreur s’est produite");
  });
});

describe('/login/password/forgot', () => {
  it('sends the address and shows the server message', async () => {
    const seen: unknown[] = [];
    server.use(
      http.post(`${API}/api/password/send_forgot_email`, async ({ request }) => {
        seen.push(await request.json());
        return HttpResponse.json({ message: 'Si un compte existe pour cette adresse, un e-mail de récupération vient d’être envoyé.' });
      }),
    );
    const { user } = renderApp('/login/password/forgot', { routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Récupérer votre mot de passe' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Adresse e-mail'), 'camille@example.com');
    await user.click(screen.getByRole('button', { name: "Envoyer l’e-mail de récupération" }));
    expect(await screen.findByRole('status')).toHaveTextContent('Si un compte existe pour cette adresse');
    expect(seen).toEqual([{ email: 'camille@example.com' }]);
  });

  it('requires the address', async () => {
    const { user } = renderApp('/login/password/forgot', { routes });
    await user.click(await screen.findByRole('button', { name: "Envoyer l’e-mail de récupération" }));
    expect(screen.getByLabelText('Adresse e-mail')).toHaveAccessibleDescription('Saisissez votre adresse e-mail.');
  });

  it.each([
    ['the server message', HttpResponse.json({ message: 'L’adresse e-mail n’est pas valide.' }, { status: 400 }), 'L’adresse e-mail n’est pas valide.'],
    ["'Une erreur est survenue' without one", HttpResponse.json({}, { status: 500 }), 'Une erreur est survenue'],
  ])('shows %s on failure', async (_label, reply, text) => {
    server.use(http.post(`${API}/api/password/send_forgot_email`, () => reply));
    const { user } = renderApp('/login/password/forgot', { routes });
    await user.type(await screen.findByLabelText('Adresse e-mail'), 'camille@example.com');
    await user.click(screen.getByRole('button', { name: "Envoyer l’e-mail de récupération" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('/login/password/reset', () => {
  const url = '/login/password/reset?email=camille%40example.com&token=jeton-du-lien';

  /** `POST /api/password/reset/check`: the link checked when the page opens. */
  function mockCheck(reply: () => Response = () => HttpResponse.json({ message: 'Ce lien de réinitialisation est valide.' })) {
    const seen: Array<{ body: unknown; userToken: string | null }> = [];
    server.use(
      http.post(`${API}/api/password/reset/check`, async ({ request }) => {
        seen.push({ body: await request.json(), userToken: request.headers.get('userToken') });
        return reply();
      }),
    );
    return seen;
  }
  beforeEach(() => mockCheck());

  it('checks the link when the page opens and offers a new one when it was used or has expired', async () => {
    const message = 'Ce lien de réinitialisation n’est plus valide : il a déjà servi ou il a expiré. Demandez-en un nouveau.';
    const seen = mockCheck(() => HttpResponse.json({ message }, { status: 400 }));
    renderApp(url, { routes, session: signedIn('autre@example.com', 'jeton-de-session') });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Recevoir un nouveau lien' })).toHaveAttribute('href', '/login/password/forgot');
    expect(screen.queryByLabelText('Nouveau mot de passe')).not.toBeInTheDocument();
    expect(seen).toEqual([{ body: { email: 'camille@example.com', token: 'jeton-du-lien' }, userToken: null }]);
  });

  it('takes the e-mail and token out of the address bar once read, and still uses them', async () => {
    const seen = mockCheck();
    const { router } = renderApp(`${url}&utm=mail`, { routes });
    expect(await screen.findByLabelText('Nouveau mot de passe')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?utm=mail');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(seen).toEqual([{ body: { email: 'camille@example.com', token: 'jeton-du-lien' }, userToken: null }]);
    expect(screen.getByText('Choisissez un nouveau mot de passe pour le compte camille@example.com.')).toBeInTheDocument();
  });

  it('sends the new password with the e-mail and token of the link, without session headers', async () => {
    const seen: Array<{ body: unknown; userToken: string | null }> = [];
    server.use(
      http.post(`${API}/api/password/reset`, async ({ request }) => {
        seen.push({ body: await request.json(), userToken: request.headers.get('userToken') });
        return HttpResponse.json({ message: 'Votre mot de passe a bien été modifié.' });
      }),
    );
    const { user } = renderApp(url, { routes, session: signedIn('autre@example.com', 'jeton-de-session') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ré-initialiser votre mot de passe' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau-123');
    await user.type(screen.getByLabelText('Confirmation du nouveau mot de passe'), 'Nouveau-123');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Votre mot de passe a bien été modifié.');
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
    expect(seen).toEqual([
      { body: { password: 'Nouveau-123', passwordConfirm: 'Nouveau-123', email: 'camille@example.com', token: 'jeton-du-lien' }, userToken: null },
    ]);
  });

  it.each([
    ['the server message', HttpResponse.json({ message: 'Ce lien a expiré.' }, { status: 400 }), 'Ce lien a expiré.'],
    ["'Une erreur est survenue' without one", HttpResponse.error(), 'Une erreur est survenue'],
  ])('shows %s on failure and keeps the typed password', async (_label, reply, text) => {
    server.use(http.post(`${API}/api/password/reset`, () => reply));
    const { user } = renderApp(url, { routes });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau-123');
    await user.type(screen.getByLabelText('Confirmation du nouveau mot de passe'), 'Nouveau-123');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('Nouveau mot de passe')).toHaveValue('Nouveau-123');
  });

  it('asks to check the link when the e-mail or the token is missing', async () => {
    renderApp('/login/password/reset?email=camille%40example.com', { routes });
    expect(await screen.findByRole('alert')).toHaveTextContent("Vérifiez le lien ou recommencez l’opération.");
    expect(screen.queryByLabelText('Nouveau mot de passe')).not.toBeInTheDocument();
  });
});

describe('/profile/confirmed (activation)', () => {
  function mockConfirm(reply: () => Response) {
    const seen: Array<Record<string, string | null>> = [];
    server.use(
      http.get(`${API}/api/user/confirm`, ({ request }) => {
        const h = request.headers;
        seen.push({ email: h.get('email'), token: h.get('token'), userEmail: h.get('userEmail'), userToken: h.get('userToken') });
        return reply();
      }),
    );
    return seen;
  }

  it("confirms the account with the link’s e-mail and token as headers, once, and takes them out of the address bar", async () => {
    const seen = mockConfirm(() => HttpResponse.json({ message: 'Compte activé avec succès' }));
    const { router } = renderApp('/profile/confirmed?email=camille%40example.com&token=jeton-activation', { routes, session: signedIn('autre@example.com', 'jeton-session') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Votre compte est activé' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Compte activé avec succès');
    expect(seen).toEqual([{ email: 'camille@example.com', token: 'jeton-activation', userEmail: null, userToken: null }]);
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('says the account is already active when the link is opened again, and offers to log in', async () => {
    mockConfirm(() => HttpResponse.json({ message: 'Votre compte est déjà activé : vous pouvez vous connecter.', alreadyActive: true }));
    renderApp('/profile/confirmed?email=camille%40example.com&token=jeton-deja-servi', { routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Votre compte est déjà activé' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Votre compte est déjà activé : vous pouvez vous connecter.');
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server message of a failed activation', async () => {
    mockConfirm(() => HttpResponse.json({ message: 'Ce lien d’activation n’est pas valide ou a expiré.' }, { status: 400 }));
    renderApp('/profile/confirmed?email=camille%40example.com&token=vieux', { routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oups, il y a eu un souci' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Ce lien d’activation n’est pas valide ou a expiré.');
  });

  it('shows the fixed text of docs/product/rules.md#R149 when the activation fails without a message', async () => {
    mockConfirm(() => HttpResponse.error());
    renderApp('/profile/confirmed?email=camille%40example.com&token=jeton', { routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oups, il y a eu un souci' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("Erreur lors de l’activation du compte, veuillez réitérer plus tard.");
  });

  it.each(['/profile/confirmed', '/profile/confirmed?email=camille%40example.com', '/profile/confirmed?token=jeton'])(
    'asks to check the link without both parameters (%s)',
    async (path) => {
      const seen = mockConfirm(() => HttpResponse.json({ message: 'x' }));
      renderApp(path, { routes });
      expect(await screen.findByRole('heading', { level: 1, name: 'Oups, il y a eu un souci' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent("Vérifiez le lien ou recommencez l’opération.");
      expect(seen).toHaveLength(0);
    },
  );
});
