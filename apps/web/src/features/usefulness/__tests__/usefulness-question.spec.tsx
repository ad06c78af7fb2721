import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { UsefulnessMessages } from '@outils/contracts';
import { API, server } from '../../../testing/msw/server';
import { renderWithProviders, signedIn } from '../../../testing/render-with-providers';
import { rememberDownloadProof } from '../../../lib/download-proofs';
import { UsefulnessQuestion } from '../components/usefulness-question';

describe('« Cet outil vous a-t-il aidé ? » (docs/product/rules.md#R960–R963)', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the figure only when the API gives one', async () => {
    server.use(http.get(`${API}/api/usefulness/7`, () => HttpResponse.json({ shown: { usefulPercent: 87, answers: 23 }, mine: null })));
    renderWithProviders(<UsefulnessQuestion toolId={7} />);
    expect(await screen.findByText('87 % des personnes l’ont trouvé utile (23 avis)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cet outil vous a-t-il aidé ?' })).toBeInTheDocument();
  });

  it('asks a guest’s figure only once the question comes near the screen (docs/product/rules.md#R861)', async () => {
    const asked: string[] = [];
    server.use(http.get(`${API}/api/usefulness/7`, ({ request }) => {
      asked.push(request.url);
      return HttpResponse.json({ shown: { usefulPercent: 87, answers: 23 }, mine: null });
    }));
    const observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    const w = window as unknown as { IntersectionObserver?: unknown };
    const original = w.IntersectionObserver;
    w.IntersectionObserver = class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
        observed.push(callback);
      }
      observe() {}
      disconnect() {}
    };
    try {
      renderWithProviders(<UsefulnessQuestion toolId={7} />);
      expect(await screen.findByRole('button', { name: 'Oui' })).toBeInTheDocument();
      expect(observed).toHaveLength(1);
      expect(asked).toEqual([]);
      act(() => observed[0]([{ isIntersecting: true }]));
      expect(await screen.findByText('87 % des personnes l’ont trouvé utile (23 avis)')).toBeInTheDocument();
      expect(asked).toHaveLength(1);
    } finally {
      w.IntersectionObserver = original;
    }
  });

  it('a guest answers with the browser key and the download proof, then comments with the notice', async () => {
    rememberDownloadProof(`http://localhost:3000/tools/file?toolId=7&expires=1&signature=${'s'.repeat(43)}`);
    const bodies: Array<Record<string, unknown>> = [];
    server.use(http.post(`${API}/api/usefulness/answer`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json({
        message: body.comment ? UsefulnessMessages.thanksComment : UsefulnessMessages.thanks,
        mine: { useful: body.useful, comment: (body.comment as string | undefined) ?? null },
      });
    }));
    renderWithProviders(<UsefulnessQuestion toolId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Non' }));
    expect(await screen.findByText(UsefulnessMessages.thanks)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ toolId: 7, useful: false, downloadProof: 's'.repeat(43) });
    expect(bodies[0].visitorKey).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    const field = screen.getByRole('textbox', { name: 'Votre commentaire (facultatif)' });
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(/lu par l’équipe et n’est pas publié/);
    await userEvent.type(field, 'Il manque un exemple.');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le commentaire' }));
    expect(await screen.findByText(UsefulnessMessages.thanksComment)).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ useful: false, comment: 'Il manque un exemple.', visitorKey: bodies[0].visitorKey });
    expect(screen.getByText('Votre réponse : Non')).toBeInTheDocument();
  });

  it('a member sees their answer, changes it, and reads the API’s French error', async () => {
    server.use(
      http.get(`${API}/api/usefulness/7`, () => HttpResponse.json({ shown: null, mine: { useful: true, comment: null } })),
      http.post(`${API}/api/usefulness/answer`, () => HttpResponse.json({ message: 'Trop de demandes en peu de temps depuis votre connexion.' }, { status: 429 })),
    );
    renderWithProviders(<UsefulnessQuestion toolId={7} />, { session: signedIn() });
    expect(await screen.findByText('Votre réponse : Oui')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Modifier ma réponse' }));
    await userEvent.click(screen.getByRole('button', { name: 'Non' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de demandes en peu de temps depuis votre connexion.');
  });
});
