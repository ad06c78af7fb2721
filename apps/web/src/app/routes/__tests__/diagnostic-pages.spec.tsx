import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Outlet, RouteObject } from 'react-router';
import type { DiagnosticQuestionnaire, DiagnosticResult } from '@outils/contracts';
import LoginPage from '../login/login';
import { PendingResultSaver } from '../../../features/diagnostic/components/pending-result-saver';
import { API, server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-with-providers';
import { allowSlowLazyRoutes, makeTool, stubBrowserApis } from '../../../testing/test-utils';

beforeAll(() => {
  stubBrowserApis();
  allowSlowLazyRoutes();
});
afterEach(() => {
  localStorage.clear();
  jest.useRealTimers();
});

const QUESTIONNAIRE: DiagnosticQuestionnaire = {
  axes: [{ id: 1, key: 'outils', name: 'Outils et équipement', description: '' }],
  questions: [
    { id: 10, axisId: 1, text: 'Vos postes sont-ils à jour ?', help: null, multiple: false, answers: [{ id: 101, text: 'Oui' }, { id: 102, text: 'Non' }] },
    { id: 11, axisId: 1, text: 'Savez-vous ce que vous payez ?', help: null, multiple: false, answers: [{ id: 111, text: 'Oui' }, { id: 112, text: 'Non' }] },
  ],
};

const RESULT: DiagnosticResult = {
  answerIds: [102, 112],
  overall: 60,
  scores: [
    { axisId: 1, key: 'outils', name: 'Outils et équipement', score: 58, answered: 2, questions: 2 },
    { axisId: 2, key: 'donnees', name: 'Données et sécurité', score: 80, answered: 3, questions: 3 },
    { axisId: 3, key: 'gestion', name: 'Gestion et finance', score: null, answered: 0, questions: 3 },
  ],
  priorities: [
    { axisId: 1, key: 'outils', name: 'Outils et équipement', score: 58, text: 'Faire le point sur vos outils.', tools: [{ tool: makeTool({ name: 'Inventaire du parc' }), reason: 'Pour votre priorité : outils et équipement' }] },
  ],
};

function mockDiagnostic() {
  const saved: unknown[] = [];
  server.use(
    http.get(`${API}/api/diagnostic`, () => HttpResponse.json(QUESTIONNAIRE)),
    http.post(`${API}/api/diagnostic/evaluate`, () => HttpResponse.json({ result: RESULT })),
    http.post(`${API}/api/diagnostic/results/create`, async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ result: { ...RESULT, id: 'r1', createdAt: '2026-11-27T08:00:00Z' } });
    }),
  );
  return saved;
}

describe('the diagnostic’s result page (docs/product/rules.md#R557, #R735)', () => {
  it('says what the score means, shows each axis once as text with its bar, and writes the priorities once', async () => {
    mockDiagnostic();
    renderApp('/diagnostic/resultat?reponses=102-112');
    expect(await screen.findByText('Note globale : 60 sur 100')).toBeInTheDocument();
    expect(screen.getByText(/^Des bases solides, mais plusieurs axes freinent encore votre activité/)).toBeInTheDocument();
    expect(screen.getByText('Chaque axe est noté sur 100 : en dessous de 75, il fait partie de vos priorités.')).toBeInTheDocument();
    const scores = within(screen.getByRole('region', { name: 'Votre score par axe' })).getAllByRole('listitem');
    expect(scores.map((item) => item.textContent)).toEqual([
      'Outils et équipement : 58 sur 100', 'Données et sécurité : 80 sur 100', 'Gestion et finance : non évalué (questions passées)',
    ]);
    // The priorities: in the plan only, not a second time above it.
    expect(screen.queryByRole('heading', { name: 'Vos priorités' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Faire le point sur vos outils.')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: /^Priorité 1 : Outils et équipement/ })).toBeInTheDocument();
  });
});

describe('a diagnostic finished as a guest (docs/product/rules.md#R733)', () => {
  it('is not offered again as « Reprendre où je m’étais arrêté »', async () => {
    mockDiagnostic();
    const { user, router } = renderApp('/diagnostic');
    await user.click(await screen.findByRole('button', { name: 'Commencer le diagnostic' }));
    await user.click(await screen.findByRole('radio', { name: 'Non' }));
    await user.click(screen.getByRole('button', { name: 'Question suivante' }));
    await screen.findByRole('heading', { name: 'Savez-vous ce que vous payez ?' });
    await user.click(screen.getByRole('radio', { name: 'Non' }));
    await user.click(screen.getByRole('button', { name: 'Voir mon résultat' }));
    await screen.findByText('Note globale : 60 sur 100');
    expect(localStorage.getItem('outils.diagnostic.draft')).toBeNull();
    expect(localStorage.getItem('outils.diagnostic.pending')).toBe('[102,112]');

    await act(() => router.navigate('/diagnostic'));
    expect(await screen.findByRole('button', { name: 'Commencer le diagnostic' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reprendre où je m’étais arrêté' })).not.toBeInTheDocument();
  });

  it('is announced on the login page, saved at the login, said saved, and the member lands on « Mes diagnostics »', async () => {
    jest.useFakeTimers();
    const saved = mockDiagnostic();
    server.use(http.post(`${API}/api/login`, () => HttpResponse.json({ user: 'camille@example.com', token: 'jeton' })));
    localStorage.setItem('outils.diagnostic.pending', '[102,112]');
    // The login page under a layout that saves pending results, as the app's own layout does.
    const routes: RouteObject[] = [{
      element: <><PendingResultSaver /><Outlet /></>,
      children: [
        { path: '/login', Component: LoginPage },
        { path: '/diagnostic/historique', element: <h1>Mes diagnostics</h1> },
      ],
    }];
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { router } = renderApp('/login', { routes });
    expect(await screen.findByText('Vous avez fait l’autodiagnostic sans compte dans ce navigateur : votre résultat sera enregistré dans votre compte dès votre connexion.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Adresse e-mail'), 'camille@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'SE CONNECTER' }));
    expect(await screen.findByText('Votre résultat d’autodiagnostic est enregistré dans votre compte.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mes diagnostics' })).toHaveAttribute('href', '/diagnostic/historique');
    expect(saved).toEqual([{ answerIds: [102, 112] }]);
    await waitFor(() => expect(localStorage.getItem('outils.diagnostic.pending')).toBeNull());
    act(() => jest.advanceTimersByTime(2000));
    expect(await screen.findByRole('heading', { name: 'Mes diagnostics' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/diagnostic/historique');
  });
});

describe('a members’ page reached as a guest (docs/product/rules.md#R726)', () => {
  it('says on the login page why it is asked, for the folders of the home page’s promise', async () => {
    renderApp('/toolspage/folders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByText('Les dossiers de téléchargement sont réservés aux membres : connectez-vous pour composer les vôtres, ou créez votre compte gratuit avec « Je m’inscris ».')).toBeInTheDocument();
    // The login layout's promise: folders are here, not « Bientôt ».
    expect(screen.getByText('Vos dossiers de téléchargement à composer, chacun en un seul fichier')).toBeInTheDocument();
    expect(screen.queryByText('Bientôt')).not.toBeInTheDocument();
  });
});
