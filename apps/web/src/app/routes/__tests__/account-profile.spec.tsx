import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouteObject, useLocation } from 'react-router';
import type { UserData } from '@outils/contracts';
import ProfilePage from '../profile/profile';
import ProfileDeletedPage from '../profile/profile-deleted';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';

function LoginStub() {
  const location = useLocation();
  return (
    <>
      <h1>Page connexion</h1>
      <pre data-testid="state">{JSON.stringify(location.state)}</pre>
    </>
  );
}

const routes: RouteObject[] = [
  { path: '/profile', Component: ProfilePage },
  { path: '/profile/deleted', Component: ProfileDeletedPage },
  { path: '/login', Component: LoginStub },
];

const camille: UserData = {
  firstName: 'Camille',
  lastName: 'Martin',
  email: 'camille@example.com',
  job: 'Gérante',
  newsletter: true,
  newsletterStatus: 'subscribed',
  activity_area: { id: 5, name: 'Artisanat' },
  isAdmin: false,
  pendingEmail: null,
};

function mockUser(user: UserData = camille) {
  const seen: Array<string | null> = [];
  server.use(
    http.get(`${API}/api/user/show`, ({ request }) => {
      seen.push(request.headers.get('userEmail'));
      return HttpResponse.json({ userData: user });
    }),
    http.get(`${API}/api/activities`, () => HttpResponse.json({ activities: [{ id: 3, name: 'Commerce' }, { id: 5, name: 'Artisanat' }] })),
  );
  return seen;
}

function mockUpdate(reply: () => Response) {
  const seen: Record<string, unknown>[] = [];
  server.use(
    http.post(`${API}/api/user/update`, async ({ request }) => {
      seen.push((await request.json()) as Record<string, unknown>);
      return reply();
    }),
  );
  return seen;
}

async function renderProfile() {
  window.localStorage.setItem('token', 'jeton-de-test');
  window.localStorage.setItem('current_user_email', 'camille@example.com');
  const rendered = renderApp('/profile', { routes, session: signedIn() });
  await screen.findByRole('heading', { level: 1, name: 'Modifier mon compte' });
  await within(screen.getByRole('combobox', { name: "Secteur d’activité" })).findByRole('option', { name: 'Commerce' });
  return rendered;
}

const save = () => screen.getByRole('button', { name: 'Enregistrer les modifications' });

describe('/profile', () => {
  it('shows the newsletter switch as the subscription really is, with a note while it waits for its confirmation (R456)', async () => {
    mockUser({ ...camille, newsletterStatus: 'pending' });
    await renderProfile();
    expect(screen.getByRole('checkbox', { name: 'Je souhaite recevoir la newsletter' })).toBeChecked();
    expect(screen.getByText(/En attente de confirmation : nous vous avons envoyé un e-mail/)).toBeInTheDocument();
  });

  it('sends a visitor without session to /login, remembering the profile', async () => {
    const { router } = renderApp('/profile', { routes });
    expect(await screen.findByRole('heading', { name: 'Page connexion' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/profile', guarded: true });
  });

  it('sends a stale session (401) to /login', async () => {
    server.use(http.get(`${API}/api/user/show`, () => HttpResponse.json({ message: 'Session expirée' }, { status: 401 })));
    const { store } = renderApp('/profile', { routes, session: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Page connexion' })).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
  });

  it('is prefilled from the current user', async () => {
    mockUser();
    await renderProfile();
    expect(screen.getByLabelText('Nom')).toHaveValue('Martin');
    expect(screen.getByLabelText('Prénom')).toHaveValue('Camille');
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('camille@example.com');
    expect(screen.getByLabelText('Métier')).toHaveValue('Gérante');
    await waitFor(() => expect(screen.getByRole('combobox', { name: "Secteur d’activité" })).toHaveValue('5'));
    expect(screen.getByRole('checkbox', { name: 'Je souhaite recevoir la newsletter' })).toBeChecked();
    expect(screen.getByLabelText('Nouveau mot de passe')).toHaveValue('');
  });

  it('asks for the current password to change the e-mail', async () => {
    mockUser();
    const seen = mockUpdate(() => HttpResponse.json({ message: 'ok', userMail: 'x' }));
    const { user } = await renderProfile();
    const mail = screen.getByLabelText('Adresse e-mail');
    await user.clear(mail);
    await user.type(mail, 'camille.martin@example.com');
    await user.click(save());
    const old = screen.getByLabelText('Mot de passe actuel');
    expect(old).toHaveAccessibleDescription(expect.stringContaining('Saisissez votre mot de passe actuel pour modifier votre e-mail ou votre mot de passe.'));
    expect(old).toHaveFocus();
    expect(seen).toHaveLength(0);
  });

  it('asks for the current password and a confirmation to change the password', async () => {
    mockUser();
    const seen = mockUpdate(() => HttpResponse.json({ message: 'ok', userMail: 'x' }));
    const { user } = await renderProfile();
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-123');
    await user.click(save());
    expect(screen.getByLabelText('Confirmation du nouveau mot de passe')).toHaveAccessibleDescription('Confirmez le mot de passe.');
    expect(screen.getByLabelText('Mot de passe actuel')).toHaveAccessibleDescription(expect.stringContaining('Saisissez votre mot de passe actuel'));
    expect(seen).toHaveLength(0);
  });

  it('saves without the current password when neither e-mail nor password change, and shows the message as success', async () => {
    const shows = mockUser();
    const seen = mockUpdate(() => HttpResponse.json({ message: 'Vos informations ont bien été enregistrées.', userMail: 'camille@example.com' }));
    const { user } = await renderProfile();
    await user.clear(screen.getByLabelText('Métier'));
    await user.type(screen.getByLabelText('Métier'), 'Fleuriste');
    await user.selectOptions(screen.getByRole('combobox', { name: "Secteur d’activité" }), 'Aucun');
    await user.click(screen.getByRole('checkbox', { name: 'Je souhaite recevoir la newsletter' }));
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Vos informations ont bien été enregistrées.');
    expect(seen).toEqual([
      {
        firstName: 'Camille',
        lastName: 'Martin',
        job: 'Fleuriste',
        mail: 'camille@example.com',
        password: '',
        passwordConfirm: '',
        newsletter: 0,
        activityArea: 'null',
        oldPassword: '',
      },
    ]);
    await waitFor(() => expect(shows.length).toBe(2)); // the current user is fetched again
  });

  it('keeps the address in force after asking for a change, then shows the pending change and lets the member cancel it (R760, R762)', async () => {
    let pending: string | null = null;
    const shows: Array<string | null> = [];
    server.use(
      http.get(`${API}/api/user/show`, ({ request }) => {
        shows.push(request.headers.get('userEmail'));
        return HttpResponse.json({ userData: { ...camille, pendingEmail: pending } });
      }),
      http.get(`${API}/api/activities`, () => HttpResponse.json({ activities: [{ id: 3, name: 'Commerce' }, { id: 5, name: 'Artisanat' }] })),
      http.post(`${API}/api/user/email/cancel`, () => {
        pending = null;
        return HttpResponse.json({ message: 'La demande de changement d’adresse e-mail est annulée : votre compte garde son adresse actuelle.' });
      }),
    );
    mockUpdate(() => {
      pending = 'camille.martin@example.com';
      return HttpResponse.json({ message: 'Suivez le lien envoyé à camille.martin@example.com.', userMail: 'camille@example.com', pendingEmail: pending });
    });
    const { user, store } = await renderProfile();
    const mail = screen.getByLabelText('Adresse e-mail');
    await user.clear(mail);
    await user.type(mail, 'camille.martin@example.com');
    await user.type(screen.getByLabelText('Mot de passe actuel'), 'Secret-123');
    await user.click(save());
    expect(await screen.findByText('Suivez le lien envoyé à camille.martin@example.com.')).toBeInTheDocument();
    expect(store.getState().session.email).toBe('camille@example.com');
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('camille@example.com');
    expect(await screen.findByText(/Changement d’adresse en attente : nous avons envoyé un lien à camille.martin@example.com/)).toBeInTheDocument();
    expect(shows.every((address) => address === 'camille@example.com')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Annuler le changement d’adresse' }));
    expect(await screen.findByText(/La demande de changement d’adresse e-mail est annulée/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Changement d’adresse en attente/)).not.toBeInTheDocument());
  });

  it('ends the session after a password change and says so on /login', async () => {
    mockUser();
    const seen = mockUpdate(() => HttpResponse.json({ message: 'Mot de passe changé : merci de vous reconnecter.', userMail: 'camille@example.com' }));
    const { user, store, router } = await renderProfile();
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-123');
    await user.type(screen.getByLabelText('Confirmation du nouveau mot de passe'), 'Nouveau-123');
    await user.type(screen.getByLabelText('Mot de passe actuel'), 'Secret-123');
    await user.click(save());
    expect(await screen.findByRole('heading', { name: 'Page connexion' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ notice: 'Mot de passe changé : merci de vous reconnecter.', from: '/profile' });
    expect(store.getState().session.token).toBeNull();
    expect(seen[0]).toMatchObject({ password: 'Nouveau-123', passwordConfirm: 'Nouveau-123', oldPassword: 'Secret-123' });
  });

  it('shows an error detail', async () => {
    mockUser();
    mockUpdate(() => HttpResponse.json({ errors: { detail: 'Le mot de passe actuel est incorrect.' } }, { status: 400 }));
    const { user } = await renderProfile();
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Le mot de passe actuel est incorrect.');
  });

  it('shows a list of errors one per line', async () => {
    mockUser();
    mockUpdate(() => HttpResponse.json({ errors: ['Première erreur.', 'Seconde erreur.'] }, { status: 400 }));
    const { user } = await renderProfile();
    await user.click(save());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Première erreur.', 'Seconde erreur.']);
  });

  it('shows field errors under their fields and keeps what was typed', async () => {
    mockUser();
    mockUpdate(() => HttpResponse.json({ errors: { mail: ['Un compte existe déjà avec cette adresse e-mail.'] } }, { status: 400 }));
    const { user } = await renderProfile();
    const mail = screen.getByLabelText('Adresse e-mail');
    await user.clear(mail);
    await user.type(mail, 'pris@example.com');
    await user.type(screen.getByLabelText('Mot de passe actuel'), 'Secret-123');
    await user.click(save());
    await waitFor(() => expect(mail).toHaveAccessibleDescription('Un compte existe déjà avec cette adresse e-mail.'));
    expect(mail).toHaveFocus();
    expect(mail).toHaveValue('pris@example.com');
    expect(screen.getByLabelText('Mot de passe actuel')).toHaveValue('Secret-123');
  });

  it('shows the fixed text of docs/product/rules.md#R149 when the server fails', async () => {
    mockUser();
    mockUpdate(() => HttpResponse.json({}, { status: 500 }));
    const { user } = await renderProfile();
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Aïe, il y a une erreur chez nous. Veuillez tenter une modification ultérieurement. Si le problème persiste, contactez-nous',
    );
  });
});

describe('account deletion', () => {
  function mockDelete(reply: () => Response) {
    const seen: unknown[] = [];
    server.use(
      http.post(`${API}/api/user/delete`, async ({ request }) => {
        seen.push(await request.json());
        return reply();
      }),
    );
    return seen;
  }

  it('warns, asks for the password, then clears the session and shows the goodbye page', async () => {
    mockUser();
    const seen = mockDelete(() => HttpResponse.json({ success: true, message: 'Votre compte a bien été supprimé' }));
    const { user, store, router } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(/irréversible/);
    expect(dialog).toHaveTextContent(/télécharger les fichiers/);
    await user.click(within(dialog).getByRole('button', { name: 'SUPPRIMER DÉFINITIVEMENT' }));
    expect(within(dialog).getByLabelText('Mot de passe actuel')).toHaveAccessibleDescription('Saisissez votre mot de passe pour supprimer votre compte.');
    expect(seen).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'Secret-123');
    await user.click(within(dialog).getByRole('button', { name: 'SUPPRIMER DÉFINITIVEMENT' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Votre compte a bien été supprimé' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/deleted');
    expect(screen.getByRole('img', { name: /mascotte/ })).toHaveAttribute('src', '/images/mascotte.svg');
    expect(seen).toEqual([{ oldPassword: 'Secret-123' }]);
    expect(store.getState().session).toMatchObject({ email: null, token: null });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('current_user_email')).toBeNull();
  });

  it("closes with 'Rester un peu' without deleting anything", async () => {
    mockUser();
    const seen = mockDelete(() => HttpResponse.json({ success: true, message: 'x' }));
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rester un peu' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Supprimer mon compte' })).toHaveFocus());
    expect(seen).toHaveLength(0);
  });

  it.each([
    ['a refusal', () => HttpResponse.json({ success: false, message: 'Le mot de passe actuel est incorrect.' }, { status: 400 }), 'Le mot de passe actuel est incorrect.'],
    ['a crash', () => HttpResponse.error(), null],
  ])('shows the deletion failure text after %s and keeps the session', async (_label, reply, extra) => {
    mockUser();
    mockDelete(reply);
    const { user, store } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'Mauvais-123');
    await user.click(within(dialog).getByRole('button', { name: 'SUPPRIMER DÉFINITIVEMENT' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Une erreur est survenue lors de la suppression.');
    if (extra) expect(alert).toHaveTextContent(extra);
    expect(store.getState().session.token).toBe('jeton-de-test');
    expect(within(dialog).getByLabelText('Mot de passe actuel')).toHaveValue('Mauvais-123');
  });
});
