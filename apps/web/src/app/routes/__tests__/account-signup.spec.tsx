import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouteObject } from 'react-router';
import SignupPage from '../login/signup';
import { API, server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-with-providers';

const routes: RouteObject[] = [
  { path: '/login/signup', Component: SignupPage },
  { path: '/login/signup/confirmed', element: <h1>Page confirmation</h1> },
  { path: '/login', element: <h1>Page connexion</h1> },
];

function mockActivities() {
  server.use(http.get(`${API}/api/activities`, () => HttpResponse.json({ activities: [{ id: 3, name: 'Commerce' }, { id: 5, name: 'Artisanat' }] })));
}

function mockSignup(reply: () => Response) {
  const seen: Record<string, unknown>[] = [];
  server.use(
    http.post(`${API}/api/user/new`, async ({ request }) => {
      seen.push((await request.json()) as Record<string, unknown>);
      return reply();
    }),
  );
  return seen;
}

async function renderSignup() {
  mockActivities();
  const rendered = renderApp('/login/signup', { routes });
  await screen.findByRole('heading', { level: 1, name: 'Créer un compte' });
  return rendered;
}

async function fillValidForm(user: Awaited<ReturnType<typeof renderSignup>>['user']) {
  await user.type(screen.getByLabelText('Nom'), 'Martin');
  await user.type(screen.getByLabelText('Prénom'), 'Camille');
  await user.type(screen.getByLabelText('Adresse e-mail'), 'camille@example.com');
  await user.type(screen.getByLabelText('Mot de passe'), 'Secret-123');
  await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Secret-123');
  await user.click(screen.getByRole('checkbox', { name: /Pour m’inscrire, j’accepte expressément/ }));
}

describe('/login/signup', () => {
  it("lists the activity areas with 'Aucun' (null) first, and the consent text with its two links", async () => {
    await renderSignup();
    const select = screen.getByRole('combobox', { name: "Secteur d’activité" });
    await within(select).findByRole('option', { name: 'Commerce' });
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['null', 'Aucun'],
      ['3', 'Commerce'],
      ['5', 'Artisanat'],
    ]);
    const consent = screen.getByRole('checkbox', { name: /Pour m’inscrire/ });
    expect(consent).toBeRequired();
    const label = document.querySelector(`label[for="${consent.id}"]`)!;
    expect(label).toHaveTextContent("Pour m’inscrire, j’accepte expressément les Conditions générales d’utilisation et la Politique de confidentialité *");
    expect(within(label as HTMLElement).getByRole('link', { name: "Conditions générales d’utilisation" })).toHaveAttribute('href', '/info/cgu');
    expect(within(label as HTMLElement).getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute('href', '/info/privacypolicy');
    expect(screen.getByRole('link', { name: 'Annuler et revenir en arrière' })).toHaveAttribute('href', '/login');
  });

  it('shows each part of the password rule as valid or invalid while typing', async () => {
    const { user } = await renderSignup();
    const rules = screen.getByRole('list', { name: 'Règles du mot de passe' });
    expect(rules).toHaveAttribute('aria-live', 'polite');
    const state = () => Object.fromEntries(within(rules).getAllByRole('listitem').map((li) => [li.textContent!.split(' : ')[0], li.getAttribute('data-valid')]));
    expect(state()).toEqual({ '8 à 32 caractères': 'false', '1 majuscule': 'false', '1 minuscule': 'false', '1 chiffre': 'false', '1 caractère spécial': 'false' });

    const password = screen.getByLabelText('Mot de passe');
    await user.type(password, 'abcD');
    expect(state()).toEqual({ '8 à 32 caractères': 'false', '1 majuscule': 'true', '1 minuscule': 'true', '1 chiffre': 'false', '1 caractère spécial': 'false' });
    expect(within(rules).getByText('1 majuscule')).toHaveTextContent('1 majuscule : respecté');
    expect(within(rules).getByText('1 chiffre')).toHaveTextContent('1 chiffre : non respecté');

    await user.type(password, 'efg1!');
    expect(Object.values(state())).toEqual(['true', 'true', 'true', 'true', 'true']);
    // docs/product/rules.md#R734: the hint names every part, the digit included.
    expect(password).toHaveAccessibleDescription(expect.stringContaining('De 8 à 32 caractères, dont au moins 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial'));
  });

  it('checks the required fields, the password rule and the consent before sending anything', async () => {
    const seen = mockSignup(() => HttpResponse.json({ url: '/x' }));
    const { user } = await renderSignup();
    await user.type(screen.getByLabelText('Mot de passe'), 'faible');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(screen.getByLabelText('Nom')).toHaveFocus();
    expect(screen.getByLabelText('Nom')).toHaveAccessibleDescription('Saisissez votre nom.');
    expect(screen.getByLabelText('Prénom')).toHaveAccessibleDescription('Saisissez votre prénom.');
    expect(screen.getByLabelText('Adresse e-mail')).toHaveAccessibleDescription('Saisissez votre adresse e-mail.');
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription(expect.stringContaining('Le mot de passe doit contenir de 8 à 32 caractères'));
    expect(screen.getByLabelText('Confirmation du mot de passe')).toHaveAccessibleDescription('Confirmez le mot de passe.');
    expect(screen.getByRole('checkbox', { name: /Pour m’inscrire/ })).toHaveAccessibleDescription(
      "Cochez cette case pour accepter les conditions d’utilisation et la politique de confidentialité.",
    );
    expect(screen.getByLabelText('Métier')).not.toHaveAttribute('aria-invalid');
    expect(seen).toHaveLength(0);
  });

  it('sends the sign-up fields and goes to the url the server returns', async () => {
    const seen = mockSignup(() => HttpResponse.json({ url: '/login/signup/confirmed?email=camille%40example.com' }));
    const { user, router } = await renderSignup();
    await fillValidForm(user);
    await user.selectOptions(screen.getByRole('combobox', { name: "Secteur d’activité" }), await screen.findByRole('option', { name: 'Artisanat' }));
    await user.click(screen.getByRole('checkbox', { name: /newsletter/ }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByRole('heading', { name: 'Page confirmation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/signup/confirmed');
    expect(router.state.location.search).toBe('?email=camille%40example.com');
    expect(seen).toEqual([
      { lastName: 'Martin', firstName: 'Camille', mail: 'camille@example.com', password: 'Secret-123', passwordConfirm: 'Secret-123', job: '', activityArea: '5', newsletter: 1 },
    ]);
  });

  it("sends 'null' for 'Aucun' and 0 without newsletter", async () => {
    const seen = mockSignup(() => HttpResponse.json({ url: '/login/signup/confirmed?email=a' }));
    const { user } = await renderSignup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await screen.findByRole('heading', { name: 'Page confirmation' });
    expect(seen[0]).toMatchObject({ activityArea: 'null', newsletter: 0 });
  });

  it('shows the server errors under their fields, focuses the first and keeps what was typed', async () => {
    mockSignup(() =>
      HttpResponse.json(
        { errors: { passwordConfirm: ['La confirmation ne correspond pas au mot de passe.'], mail: ['Un compte existe déjà avec cette adresse e-mail.'] } },
        { status: 400 },
      ),
    );
    const { user, router } = await renderSignup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    const mail = screen.getByLabelText('Adresse e-mail');
    expect(await screen.findByText('Un compte existe déjà avec cette adresse e-mail.')).toBeInTheDocument();
    expect(mail).toHaveAccessibleDescription('Un compte existe déjà avec cette adresse e-mail.');
    expect(mail).toHaveAttribute('aria-invalid', 'true');
    expect(mail).toHaveFocus();
    expect(screen.getByLabelText('Confirmation du mot de passe')).toHaveAccessibleDescription('La confirmation ne correspond pas au mot de passe.');
    expect(mail).toHaveValue('camille@example.com');
    expect(screen.getByLabelText('Nom')).toHaveValue('Martin');
    expect(router.state.location.pathname).toBe('/login/signup');
  });

  it('shows the fixed text of docs/product/rules.md#R149 when the server fails', async () => {
    mockSignup(() => HttpResponse.json({ message: 'boom' }, { status: 500 }));
    const { user } = await renderSignup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Aïe, il y a une erreur chez nous. Veuillez tenter une inscription ultérieurement. Si le problème persiste, contactez-nous',
    );
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeEnabled();
  });

  it('shows the same text when the network is down', async () => {
    mockSignup(() => HttpResponse.error());
    const { user } = await renderSignup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Aïe, il y a une erreur chez nous. Veuillez tenter une inscription ultérieurement/);
  });

  it('blocks a second submission while the first is under way', async () => {
    let release!: () => void;
    const seen = mockSignup(() => HttpResponse.json({ url: '/login/signup/confirmed?email=a' }));
    server.use(
      http.post(`${API}/api/user/new`, async ({ request }) => {
        seen.push((await request.json()) as Record<string, unknown>);
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ url: '/login/signup/confirmed?email=a' });
      }),
    );
    const { user } = await renderSignup();
    await fillValidForm(user);
    const submit = screen.getByRole('button', { name: 'Créer mon compte' });
    await user.click(submit);
    expect(submit).toBeDisabled();
    await user.click(submit);
    release();
    await screen.findByRole('heading', { name: 'Page confirmation' });
    expect(seen).toHaveLength(1);
  });
});
