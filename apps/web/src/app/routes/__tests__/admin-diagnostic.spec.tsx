import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouteObject } from 'react-router';
import { AdminDiagnosticQuestionnaire, DiagnosticAdminMessages } from '@outils/contracts';
import AdminDiagnosticPage from '../admin/diagnostic';
import { RequireAdmin } from '../../../features/auth/components/require-admin';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';

const routes: RouteObject[] = [
  { path: '/admin', element: <RequireAdmin />, children: [{ path: 'diagnostic', Component: AdminDiagnosticPage }] },
  { path: '/notallowed', element: <h1>Accès non autorisé</h1> },
];

const answers = (base: number) => [
  { id: base, text: 'Jamais', points: 0, toolIds: [], savedResults: 2 },
  { id: base + 1, text: 'Toujours', points: 4, toolIds: [], savedResults: 0 },
];
const questionnaire: AdminDiagnosticQuestionnaire = {
  axes: [{ id: 1, key: 'securite', name: 'Données et sécurité', description: 'd' }],
  questions: [
    { id: 1, axisId: 1, text: 'Sauvegardez-vous ?', help: null, multiple: false, answers: answers(10) },
    { id: 2, axisId: 1, text: 'Avez-vous un antivirus ?', help: null, multiple: false, answers: answers(20) },
  ],
  tools: [{ id: 5, name: 'Checklist sauvegarde' }],
};

/** docs/product/rules.md#R575: order by keyboard-friendly buttons, French errors announced. */
describe('/admin/diagnostic', () => {
  it('moves a question down, then shows the API’s field errors by answer', async () => {
    const posted: Array<{ path: string; body: unknown }> = [];
    server.use(
      http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'admin@example.com', isAdmin: true } })),
      http.get(`${API}/api/admin/diagnostic`, () => HttpResponse.json(questionnaire)),
      http.post(`${API}/api/admin/diagnostic/order`, async ({ request }) => {
        posted.push({ path: 'order', body: await request.json() });
        return HttpResponse.json({ questionnaire, message: DiagnosticAdminMessages.reordered });
      }),
      http.post(`${API}/api/admin/diagnostic/questions/1/update`, async ({ request }) => {
        posted.push({ path: 'update', body: await request.json() });
        return HttpResponse.json({ errors: { 'answers.1.points': [DiagnosticAdminMessages.points] } }, { status: 400 });
      }),
    );
    const { user } = renderApp('/admin/diagnostic', { routes, session: signedIn('admin@example.com', 'jeton-admin') });
    await screen.findByRole('heading', { level: 1, name: 'Modifier l’autodiagnostic' });

    await user.click(await screen.findByRole('button', { name: 'Descendre « Sauvegardez-vous ? »' }));
    await screen.findByText('« Sauvegardez-vous ? » est maintenant la question 2 sur 2.');
    expect(posted[0]).toEqual({ path: 'order', body: { questionIds: [2, 1] } });

    await user.click(screen.getByRole('button', { name: 'Modifier « Sauvegardez-vous ? »' }));
    expect(screen.getByText('Choisie dans 2 résultats enregistrés.')).toBeInTheDocument();
    const points = screen.getByLabelText('Points de la réponse 2 (0 à 4)');
    await user.clear(points);
    await user.type(points, '7');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la question' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(`Réponse 2 : ${DiagnosticAdminMessages.points}`));
    expect((posted[1].body as { answers: Array<{ id: number; points: number }> }).answers[1]).toMatchObject({ id: 11, points: 7 });
  });
});
