import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouteObject } from 'react-router';
import type { Tool } from '@outils/contracts';
import ToolFormPage from '../admin/tool-form-page';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';
import { makeTool } from '../../../testing/test-utils';

const routes: RouteObject[] = [{ path: '/admin/tools/edit', Component: ToolFormPage }];
const session = signedIn('admin@example.com', 'jeton-admin');

const infographic: Tool = makeTool({
  id: 51, name: 'Infographie des sauvegardes', type: { id: 2, name: 'Kit' }, category: { id: 3, name: 'Web' },
  file: { name: 'sauvegardes.png', type: 'image/png', size: 2048, alt: 'La règle 3-2-1.' },
  download: { format: 'image', size: 2048, pages: null, updatedAt: null },
  accessibility: {
    outcome: 'partial', checked: 1, checkedAt: '2026-03-03T10:00:00Z',
    issues: [{ label: 'L’image a une description textuelle', reference: 'RGAA 1.1', where: ['image déposée comme fichier de l’outil'], fix: 'Décrivez l’image.' }],
  },
});

function mock(tool: Tool) {
  const saves: FormData[] = [];
  server.use(
    http.get(`${API}/api/filters`, () => HttpResponse.json({ categories: [{ id: 3, name: 'Web' }], types: [{ id: 2, name: 'Kit' }], difficulties: [{ id: 'Simple', name: 'Simple' }] })),
    http.get(`${API}/tools/:id`, () => HttpResponse.json({ tool })),
    http.get(`${API}/tools/:id/versions`, () => HttpResponse.json({ versions: [] })),
    http.get(`${API}/admin/tools/versions`, () => HttpResponse.json({ versions: [] })),
    http.post(`${API}/admin/tools/update`, async ({ request }) => {
      saves.push(await request.formData());
      return HttpResponse.json({ message: 'L’outil a bien été modifié.', id: tool.id, slug: tool.slug });
    }),
  );
  return saves;
}

describe('the edit page and the document’s accessibility (docs/product/rules.md#R951, #R942)', () => {
  it('shows the check’s points to fix, and keeps an image file’s description required', async () => {
    const saves = mock(infographic);
    const { user } = renderApp('/admin/tools/edit?id=51', { routes, session });
    await screen.findByRole('heading', { level: 1, name: 'Editer Infographie des sauvegardes' });
    const check = screen.getByRole('region', { name: 'Accessibilité du document' });
    expect(within(check).getByText('À corriger : 1 point')).toBeInTheDocument();
    expect(within(check).getByText('L’image a une description textuelle')).toBeVisible();
    expect(check).toHaveTextContent('Où : image déposée comme fichier de l’outil');
    expect(check).toHaveTextContent('1 critère vérifié automatiquement le 3 mars 2026.');

    const alt = await screen.findByLabelText(/Description de l’image \(texte de remplacement\)/);
    expect(alt).toHaveValue('La règle 3-2-1.');
    await user.clear(alt);
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await screen.findByText('Décrivez l’image : un fichier JPG ou PNG a besoin de son texte de remplacement.')).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    await user.type(alt, 'Trois copies, deux supports, une hors site.');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await screen.findByText('L’outil a bien été modifié.');
    expect(saves[0].get('fileAlt')).toBe('Trois copies, deux supports, une hors site.');
  });

  it('says « Document accessible » for a passed check, and asks no description for a PDF', async () => {
    mock(makeTool({
      id: 51, name: 'Guide balisé', type: { id: 2, name: 'Kit' }, category: { id: 3, name: 'Web' },
      file: { name: 'guide.pdf', type: 'application/pdf', size: 2048, alt: null },
      accessibility: { outcome: 'accessible', checked: 9, checkedAt: '2026-03-03T10:00:00Z', issues: [] },
    }));
    renderApp('/admin/tools/edit?id=51', { routes, session });
    await screen.findByRole('heading', { level: 1, name: 'Editer Guide balisé' });
    const check = screen.getByRole('region', { name: 'Accessibilité du document' });
    expect(check).toHaveTextContent('Document accessible');
    expect(check).toHaveTextContent('9 critères vérifiés automatiquement le 3 mars 2026.');
    expect(screen.queryByLabelText(/Description de l’image/)).not.toBeInTheDocument();
  });
});
