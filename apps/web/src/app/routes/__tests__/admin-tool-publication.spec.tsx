import { File as NodeFile } from 'node:buffer';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, RouteObject } from 'react-router';
import { isoToParisWallTime, type Tool } from '@outils/contracts';
import ToolFormPage from '../admin/tool-form-page';
import { PreviewBanner } from '../../../features/admin-tools/components/preview-banner';
import { AdminToolsTable } from '../../../features/admin-tools/components/admin-tools-table';
import { publicationBadgeText } from '../../../features/admin-tools/utils/publication';
import { makeTool } from '../../../testing/test-utils';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';

const routes: RouteObject[] = [{ path: '/admin/tools/new', Component: ToolFormPage }];
const DAY = 86_400_000;

function mockCreate(reply: Record<string, unknown> = { message: 'L’outil a bien été créé.', id: 77, slug: 'plan-de-tresorerie' }) {
  const sent: Array<Record<string, string>> = [];
  server.use(
    http.get(`${API}/api/filters`, () =>
      HttpResponse.json({ categories: [{ id: 3, name: 'Web' }], types: [{ id: 1, name: 'Checklist' }], difficulties: [] }),
    ),
    http.post(`${API}/admin/tools/create`, async ({ request }) => {
      const fields: Record<string, string> = {};
      (await request.formData()).forEach((value, key) => {
        if (typeof value === 'string') fields[key] = value;
      });
      sent.push(fields);
      return HttpResponse.json(reply);
    }),
  );
  return sent;
}

async function renderNew() {
  const rendered = renderApp('/admin/tools/new', { routes, session: signedIn('admin@example.com', 'jeton-admin') });
  await screen.findByRole('heading', { level: 1, name: 'Ajouter un outil' });
  await within(screen.getByRole('combobox', { name: 'Sujet' })).findByRole('option', { name: 'Web' });
  const { user } = rendered;
  await user.upload(screen.getByLabelText("Fichier de l’outil"), new NodeFile(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }) as unknown as File);
  await user.type(screen.getByLabelText('Titre'), 'Plan de trésorerie');
  await user.type(screen.getByLabelText('Description'), 'Un plan.');
  await user.selectOptions(screen.getByRole('combobox', { name: "Type d’outils" }), 'Checklist');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sujet' }), 'Web');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Difficulté' }), 'Simple');
  return rendered;
}

describe('the tool form’s publication (docs/product/rules.md#R654)', () => {
  it('offers Brouillon, Programmé le… and Publié in a group, « Publié » chosen for a new tool', async () => {
    mockCreate();
    await renderNew();
    const group = screen.getByRole('group', { name: 'Publication' });
    expect(within(group).getByRole('radio', { name: /^Publié/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /^Brouillon/ })).not.toBeChecked();
    expect(screen.queryByLabelText('Date de publication')).not.toBeInTheDocument();
  });

  it('saves a draft and says so', async () => {
    const sent = mockCreate();
    const { user } = await renderNew();
    await user.click(screen.getByRole('radio', { name: /^Brouillon/ }));
    await user.click(screen.getByRole('button', { name: "Ajouter l’outil" }));
    expect(await screen.findByRole('heading', { name: '« Plan de trésorerie » est enregistré comme brouillon' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Voir l’aperçu de la fiche' })).toHaveAttribute('href', '/toolspage/plan-de-tresorerie');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ publication: 'draft' });
    expect(sent[0]).not.toHaveProperty('publishAt');
  });

  it('asks for a date and a time in the future, in French, before sending', async () => {
    const sent = mockCreate();
    const { user } = await renderNew();
    await user.click(screen.getByRole('radio', { name: /^Programmé/ }));
    await user.click(screen.getByRole('button', { name: "Ajouter l’outil" }));
    expect(await screen.findByText('Indiquez la date et l’heure de publication.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Date de publication/)).toHaveFocus();
    await user.type(screen.getByLabelText(/Date de publication/), '2020-01-15');
    await user.type(screen.getByLabelText(/Heure de publication/), '09:00');
    await user.click(screen.getByRole('button', { name: "Ajouter l’outil" }));
    expect(await screen.findByText('La date de publication doit être dans le futur.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Date de publication/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('sends the chosen Paris time as an instant with its offset', async () => {
    const sent = mockCreate();
    const { user } = await renderNew();
    await user.click(screen.getByRole('radio', { name: /^Programmé/ }));
    const year = new Date().getUTCFullYear() + 1;
    await user.type(screen.getByLabelText(/Date de publication/), `${year}-12-12`);
    await user.type(screen.getByLabelText(/Heure de publication/), '09:00');
    await user.click(screen.getByRole('button', { name: "Ajouter l’outil" }));
    expect(await screen.findByRole('heading', { name: '« Plan de trésorerie » est programmé' })).toBeInTheDocument();
    // 09:00 in Paris in December is 08:00 UTC (winter time); in July it would be 07:00.
    expect(sent[0]).toMatchObject({ publication: 'scheduled', publishAt: `${year}-12-12T08:00:00.000Z` });
  });

  it('shows the server’s French error under the date', async () => {
    mockCreate();
    server.use(
      http.post(`${API}/admin/tools/create`, () =>
        HttpResponse.json({ errors: { publishAt: ['La date de publication d’un outil programmé doit être dans le futur.'] } }, { status: 400 }),
      ),
    );
    const { user } = await renderNew();
    await user.click(screen.getByRole('radio', { name: /^Programmé/ }));
    await user.type(screen.getByLabelText(/Date de publication/), `${new Date().getUTCFullYear() + 1}-06-01`);
    await user.type(screen.getByLabelText(/Heure de publication/), '10:30');
    await user.click(screen.getByRole('button', { name: "Ajouter l’outil" }));
    expect(await screen.findByText('La date de publication d’un outil programmé doit être dans le futur.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Date de publication/)).toHaveFocus();
  });
});

describe('publication badges and the preview banner (docs/product/rules.md#R655, #R656)', () => {
  const now = Date.parse('2026-12-01T10:00:00Z');

  it('says « Brouillon », « Programmé le 12/12 à 09:00 » in Paris time, or « Publié »', () => {
    expect(publicationBadgeText(null, now)).toBe('Brouillon');
    expect(publicationBadgeText('2026-12-12T08:00:00.000Z', now)).toBe('Programmé le 12/12 à 09:00');
    expect(publicationBadgeText('2026-07-14T07:30:00.000Z', now)).toBe('Publié');
    expect(isoToParisWallTime('2026-07-14T07:30:00.000Z')).toEqual({ date: '2026-07-14', time: '09:30' });
  });

  it('puts each tool’s badge in the admin table', () => {
    const tools: Tool[] = [
      makeTool({ id: 1, name: 'Brouillon RH', slug: 'brouillon-rh', publishedAt: null }),
      makeTool({ id: 2, name: 'Plus tard', slug: 'plus-tard', publishedAt: new Date(Date.now() + 3 * DAY).toISOString() }),
      makeTool({ id: 3, name: 'En ligne', slug: 'en-ligne' }),
    ];
    render(<MemoryRouter><AdminToolsTable tools={tools} origin="https://outils.test" onDelete={() => undefined} /></MemoryRouter>);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(screen.getByRole('table')).getByRole('columnheader', { name: 'Publication' })).toBeInTheDocument();
    const publicationOf = (row: HTMLElement) => within(row).getAllByRole('cell')[1].textContent;
    expect(within(rows[1]).getByRole('rowheader')).toHaveTextContent('Brouillon RH');
    expect(publicationOf(rows[1])).toBe('Brouillon');
    expect(publicationOf(rows[2])).toMatch(/^Programmé le \d\d\/\d\d à \d\d:\d\d$/);
    expect(publicationOf(rows[3])).toBe('Publié');
  });

  it('shows « Aperçu — non publié » on an unpublished sheet only', () => {
    const { rerender } = render(<PreviewBanner tool={{ publishedAt: null }} />);
    expect(screen.getByText('Aperçu — non publié.')).toBeInTheDocument();
    expect(screen.getByText(/Brouillon : cette fiche n’est visible que par les administrateurs/)).toBeInTheDocument();
    rerender(<PreviewBanner tool={{ publishedAt: new Date(Date.now() - DAY).toISOString() }} />);
    expect(screen.queryByText('Aperçu — non publié.')).not.toBeInTheDocument();
  });
});
