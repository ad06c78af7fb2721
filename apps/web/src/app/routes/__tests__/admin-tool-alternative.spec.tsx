import { File as NodeFile } from 'node:buffer';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouteObject } from 'react-router';
import type { Tool } from '@outils/contracts';
import ToolFormPage from '../admin/tool-form-page';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';
import { makeTool } from '../../../testing/test-utils';

const routes: RouteObject[] = [{ path: '/admin/tools/edit', Component: ToolFormPage }];
const session = signedIn('admin@example.com', 'jeton-admin');
/** Node's File: the test environment's FormData is Node's and only takes Node's Blob. */
const file = (name: string, type = '') => new NodeFile(['x'], name, { type }) as unknown as File;

function mock(tool: Tool) {
  const saves: FormData[] = [];
  server.use(
    http.get(`${API}/api/filters`, () => HttpResponse.json({ categories: [{ id: 3, name: 'Web' }], types: [{ id: 2, name: 'Kit' }], difficulties: [{ id: 'Simple', name: 'Simple' }] })),
    http.get(`${API}/tools/:id`, () => HttpResponse.json({ tool })),
    http.get(`${API}/admin/tools/versions`, () => HttpResponse.json({ versions: [] })),
    http.post(`${API}/admin/tools/update`, async ({ request }) => {
      saves.push(await request.formData());
      return HttpResponse.json({ message: 'L’outil a bien été modifié.', id: tool.id, slug: tool.slug });
    }),
  );
  return saves;
}

const planWith = (alternative: NonNullable<Tool['file']>['alternative']): Tool => makeTool({
  id: 52, name: 'Plan de trésorerie', type: { id: 2, name: 'Kit' }, category: { id: 3, name: 'Web' },
  file: { name: 'plan.pdf', type: 'application/pdf', size: 2048, alt: null, alternative },
});

describe('the declared accessible alternative on the edit page (docs/product/rules.md#R943, #R947)', () => {
  it('offers only PDF, DOCX, XLSX and CSV, and sends a chosen DOCX as the alternative', async () => {
    const saves = mock(planWith(null));
    const { user } = renderApp('/admin/tools/edit?id=52', { routes, session });
    await screen.findByRole('heading', { level: 1, name: 'Editer Plan de trésorerie' });
    const input = screen.getByLabelText(/Version accessible \(facultatif\)/);
    expect(screen.queryByLabelText('Retirer la version accessible')).not.toBeInTheDocument();

    // The file picker offers only the formats the check reads; the API refuses any other (R943).
    expect(input).toHaveAttribute('accept', '.pdf,.docx,.xlsx,.csv');
    await user.upload(input, file('plan.png', 'image/png'));
    expect((input as HTMLInputElement).files).toHaveLength(0);

    await user.upload(input, file('plan.docx'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await screen.findByText('L’outil a bien été modifié.');
    expect((saves[0].get('altFile') as File).name).toBe('plan.docx');
    expect(saves[0].get('altFileRemove')).toBeNull();
  });

  it('shows the current alternative with its check, and removes it', async () => {
    const saves = mock(planWith({
      name: 'plan.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 1024,
      accessibility: { outcome: 'accessible', checked: 6, checkedAt: '2026-03-03T10:00:00Z', issues: [] },
    }));
    const { user } = renderApp('/admin/tools/edit?id=52', { routes, session });
    expect(await screen.findByText('Version accessible actuelle : plan.docx — Document accessible.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Retirer la version accessible'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await screen.findByText('L’outil a bien été modifié.');
    expect(saves[0].get('altFileRemove')).toBe('true');
  });
});
