import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FolderSummary } from '@outils/contracts';
import { API, server } from '../../../testing/msw/server';
import { renderWithProviders, signedIn } from '../../../testing/render-with-providers';
import { AddToFolderMenu } from '../components/add-to-folder-menu';

const folder = (overrides: Partial<FolderSummary>): FolderSummary => ({
  id: '7d3f1a52-1f7c-4c53-9a55-0d3b9d2f9e10', name: 'Mes outils RH', description: null, toolIds: [], itemCount: 0,
  shareToken: null, isKit: false, updatedAt: '2026-11-01T10:00:00.000Z', ...overrides,
});

describe('Ajouter à un dossier (docs/product/rules.md#R504, #R505)', () => {
  it('invites a guest to create an account and calls nothing', async () => {
    let called = false;
    server.use(http.get(`${API}/api/folders`, () => { called = true; return HttpResponse.json({ folders: [] }); }));
    const { user } = renderWithProviders(<AddToFolderMenu tool={{ id: 7, name: 'Kit RGPD' }} />);
    await user.click(screen.getByRole('button', { name: 'Ajouter à un dossier : « Kit RGPD »' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Les dossiers de téléchargement sont réservés aux membres.');
    expect(screen.getByRole('link', { name: 'Créer mon compte' })).toHaveAttribute('href', '/login/signup');
    expect(called).toBe(false);
  });

  it('shows where the tool already is, adds it to another folder and announces it', async () => {
    const added: unknown[] = [];
    server.use(
      http.get(`${API}/api/folders`, () => HttpResponse.json({
        folders: [folder({ name: 'Mes outils RH', toolIds: [7] }), folder({ id: '00000000-0000-4000-8000-000000000001', name: 'Rentrée' })],
      })),
      http.post(`${API}/api/folders/00000000-0000-4000-8000-000000000001/tools/add`, async ({ request }) => {
        added.push(await request.json());
        return HttpResponse.json({ folder: { ...folder({ name: 'Rentrée', toolIds: [7] }), items: [], totalSize: 0 } });
      }),
    );
    const { user } = renderWithProviders(<AddToFolderMenu tool={{ id: 7, name: 'Kit RGPD' }} />, { session: signedIn() });
    await user.click(screen.getByRole('button', { name: 'Ajouter à un dossier : « Kit RGPD »' }));
    expect(await screen.findByRole('menuitemcheckbox', { name: /Mes outils RH/ })).toHaveAttribute('aria-checked', 'true');
    const other = screen.getByRole('menuitemcheckbox', { name: 'Rentrée' });
    expect(other).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('menuitem', { name: 'Nouveau dossier…' })).toBeInTheDocument();
    await user.click(other);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Ajouté au dossier « Rentrée ».'));
    expect(added).toEqual([{ toolId: 7 }]);
  });
});
