import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { FollowedPlan, PlanAnswerRequest } from '@outils/contracts';
import MyPlanPage from '../diagnostic/plan';
import PlanAnswerPage from '../diagnostic/plan-answer';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';
import { makeTool } from '../../../testing/test-utils';

const routes = [
  { path: '/diagnostic/mon-plan', Component: MyPlanPage },
  { path: '/diagnostic/plan/reponse', Component: PlanAnswerPage },
];

const PLAN: FollowedPlan = {
  id: '7', startedAt: '2026-11-02T09:00:00.000Z', week: 4, status: 'active', mails: true, finishedAt: null,
  steps: [
    { position: 0, tool: makeTool({ id: 1, name: 'Checklist sauvegarde', slug: 'checklist-sauvegarde' }), answer: 'done', answeredAt: '2026-11-10T09:00:00.000Z' },
    { position: 1, tool: makeTool({ id: 2, name: 'Plan de trésorerie', slug: 'plan-de-tresorerie' }), answer: null, answeredAt: null },
  ],
  changes: [
    { axisId: 1, name: 'Données et sécurité', before: 25, after: 50, change: 25 },
    { axisId: 2, name: 'Gestion et finance', before: null, after: 40, change: null },
  ],
  retakenAt: '2026-11-26T09:00:00.000Z',
};

describe('Mon plan and the plan mails’ answer page (docs/product/rules.md#R977–R981)', () => {
  it('shows each step as a named group of three choices, records a choice at once and shows the change per axis', async () => {
    const sent: PlanAnswerRequest[] = [];
    server.use(
      http.get(`${API}/api/plan`, () => HttpResponse.json({ plan: PLAN })),
      http.post(`${API}/api/plan/answer`, async ({ request }) => {
        sent.push((await request.json()) as PlanAnswerRequest);
        return HttpResponse.json({ plan: PLAN, message: 'Réponse enregistrée : Pas utile.' });
      }),
    );
    renderApp('/diagnostic/mon-plan', { routes, session: signedIn() });
    const first = await screen.findByRole('group', { name: 'Étape 1 : Checklist sauvegarde' });
    expect(within(first).getByRole('radio', { name: 'Fait' })).toBeChecked();
    const second = screen.getByRole('group', { name: 'Étape 2 : Plan de trésorerie' });
    expect(screen.getByText(/Semaine 4 sur 8/)).toBeInTheDocument();

    await userEvent.click(within(second).getByRole('radio', { name: 'Pas utile' }));
    expect(await screen.findByText('Réponse enregistrée : Pas utile.')).toBeInTheDocument();
    expect(sent).toEqual([{ toolId: 2, answer: 'not_useful' }]);

    const table = screen.getByRole('table', { name: 'Le chemin parcouru' });
    expect(within(table).getByRole('row', { name: /Données et sécurité 25 \/ 100 50 \/ 100 \+25 points/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Gestion et finance Sans réponse 40 \/ 100 —/ })).toBeInTheDocument();
  });

  it('says why an answer was refused and shows the former answer again', async () => {
    server.use(
      http.get(`${API}/api/plan`, () => HttpResponse.json({ plan: PLAN })),
      http.post(`${API}/api/plan/answer`, () => HttpResponse.json({ message: 'Cet outil ne fait pas partie de votre plan.' }, { status: 404 })),
    );
    renderApp('/diagnostic/mon-plan', { routes, session: signedIn() });
    const first = await screen.findByRole('group', { name: 'Étape 1 : Checklist sauvegarde' });
    await userEvent.click(within(first).getByRole('radio', { name: 'Pas encore' }));
    expect(await screen.findByText('Cet outil ne fait pas partie de votre plan.')).toBeInTheDocument();
    expect(within(first).getByRole('radio', { name: 'Fait' })).toBeChecked();
  });

  it('invites a member without a plan to take the diagnostic', async () => {
    server.use(http.get(`${API}/api/plan`, () => HttpResponse.json({ plan: null })));
    renderApp('/diagnostic/mon-plan', { routes, session: signedIn() });
    expect(await screen.findByText(/Vous ne suivez pas encore de plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Faire le diagnostic' })).toHaveAttribute('href', '/diagnostic');
  });

  it('answers from a mail’s link only at its button, without login', async () => {
    let posted = 0;
    server.use(
      http.get(`${API}/api/plan/mail-answer`, () => HttpResponse.json({ toolName: 'Plan de trésorerie', answer: 'done', answerLabel: 'Fait' })),
      http.post(`${API}/api/plan/mail-answer`, () => {
        posted += 1;
        return HttpResponse.json({ message: 'Réponse enregistrée : Fait.' });
      }),
    );
    renderApp('/diagnostic/plan/reponse?plan=7&tool=2&answer=done&token=abc', { routes });
    expect(await screen.findByText('Enregistrer « Fait » pour l’étape « Plan de trésorerie » ?')).toBeInTheDocument();
    expect(posted).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer : Fait' }));
    expect(await screen.findByText('Réponse enregistrée : Fait.')).toBeInTheDocument();
    expect(posted).toBe(1);
  });
});
