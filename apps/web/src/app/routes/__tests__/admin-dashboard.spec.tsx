import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { RouteObject } from 'react-router';
import type { Tool } from '@outils/contracts';
import AdminDashboardPage from '../admin/dashboard';
import { RequireAdmin } from '../../../features/auth/components/require-admin';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';

const routes: RouteObject[] = [
  { path: '/admin', element: <RequireAdmin />, children: [{ index: true, Component: AdminDashboardPage }] },
  { path: '/admin/tools/new', element: <h1>Page création</h1> },
  { path: '/notallowed', element: <h1>Accès non autorisé</h1> },
];

function tool(id: number, name: string, slug: string, downloadCount: number, publishedAt: string | null = '2026-01-01T00:00:00Z'): Tool {
  return {
    id,
    slug,
    name,
    description: 'd',
    goal: null,
    people: null,
    duration: null,
    type: { id: 1, name: 'Checklist' },
    category: { id: 1, name: 'Web' },
    difficulty: 'Simple',
    createdAt: '2026-01-01T00:00:00Z',
    publishedAt,
    isFavorite: false,
    images: [],
    isFeatured: false,
    download: { format: 'excel', size: 20_480, pages: null, updatedAt: null },
    preview: null,
    downloadCount,
  };
}

function mockAdmin(lists: Tool[][]) {
  const listCalls: Array<{ search: string; userToken: string | null }> = [];
  server.use(
    http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'admin@example.com', isAdmin: true } })),
    http.get(`${API}/api/tools`, ({ request }) => {
      const url = new URL(request.url);
      listCalls.push({ search: url.search, userToken: request.headers.get('userToken') });
      const tools = lists[Math.min(listCalls.length - 1, lists.length - 1)];
      return HttpResponse.json({ tools, page: 1, lastPage: 1, total: tools.length });
    }),
  );
  return listCalls;
}

const two = [tool(7, 'Diagnostic numérique', 'diagnostic-numerique', 1234), tool(9, 'Checklist RGPD', 'checklist-rgpd', 5)];

async function renderDashboard(user?: ReturnType<typeof userEvent.setup>) {
  const rendered = renderApp('/admin', { routes, session: signedIn('admin@example.com', 'jeton-admin') });
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
  await screen.findByRole('table');
  return { ...rendered, user: user ?? rendered.user };
}

describe('/admin dashboard', () => {
  afterEach(() => jest.useRealTimers());

  it('lists up to 100 tools with number, link, edit, delete and total downloads', async () => {
    const calls = mockAdmin([two]);
    await renderDashboard();
    expect(calls).toEqual([{ search: '?max=100', userToken: 'jeton-admin' }]);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    const first = rows[1];
    expect(within(first).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(within(first).getByRole('link', { name: 'Diagnostic numérique' })).toHaveAttribute('href', '/toolspage/diagnostic-numerique');
    expect(within(first).getByRole('link', { name: 'Modifier Diagnostic numérique' })).toHaveAttribute('href', '/admin/tools/edit?id=7');
    expect(within(first).getByRole('button', { name: 'Supprimer Diagnostic numérique' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: /^Copier le lien/ })).toBeInTheDocument();
    expect(within(first).getAllByRole('cell').at(-1)).toHaveTextContent(/^1\s234$/);
    expect(within(rows[2]).getAllByRole('cell')[0]).toHaveTextContent('2');
    expect(within(rows[2]).getAllByRole('cell').at(-1)).toHaveTextContent('5');
    expect(screen.getByRole('link', { name: 'Créer un outil' })).toHaveAttribute('href', '/admin/tools/new');
  });

  it("opens the queue dashboard through a signed link ('Files d’attente')", async () => {
    mockAdmin([two]);
    const asked: Array<string | null> = [];
    server.use(
      http.post(`${API}/admin/queues/link`, ({ request }) => {
        asked.push(request.headers.get('userToken'));
        return HttpResponse.json({ url: `${API}/admin/queues/link?token=signe` });
      }),
    );
    const tab = { closed: false, opener: {}, location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = await renderDashboard();
    // It says where it leads before it is pressed (R746).
    const button = screen.getByRole('button', { name: 'Files d’attente (ouvre le tableau de bord des files d’attente de l’API dans un nouvel onglet)' });
    await user.click(button);
    await waitFor(() => expect(tab.location.href).toBe(`${API}/admin/queues/link?token=signe`));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(asked).toEqual(['jeton-admin']);
    open.mockRestore();
  });

  it('closes the opened tab and says so when the link cannot be had', async () => {
    mockAdmin([two]);
    server.use(http.post(`${API}/admin/queues/link`, () => HttpResponse.json({ message: 'Accès non autorisé' }, { status: 403 })));
    const tab = { closed: false, opener: {}, location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = await renderDashboard();
    await user.click(screen.getByRole('button', { name: /^Files d’attente/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Impossible d’ouvrir les files d’attente");
    expect(tab.close).toHaveBeenCalled();
    open.mockRestore();
  });

  it('searches the tools by name (accents and case folded) and sorts them; says the singular (R748, R749)', async () => {
    mockAdmin([[...two, tool(11, 'Kit sécurité', 'kit-securite', 1)]]);
    const { user } = await renderDashboard();
    const names = () => within(screen.getByRole('table')).getAllByRole('rowheader').filter((th) => th.closest('tbody')).map((th) => th.textContent);
    expect(names()).toEqual(['Diagnostic numérique', 'Checklist RGPD', 'Kit sécurité']);
    expect(screen.getByRole('link', { name: '1 téléchargement : voir la courbe de Kit sécurité' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Trier par'), 'name');
    expect(names()).toEqual(['Checklist RGPD', 'Diagnostic numérique', 'Kit sécurité']);
    await user.selectOptions(screen.getByLabelText('Trier par'), 'downloads');
    expect(names()).toEqual(['Diagnostic numérique', 'Checklist RGPD', 'Kit sécurité']);

    await user.type(screen.getByLabelText('Rechercher un outil'), 'SECURITE');
    expect(names()).toEqual(['Kit sécurité']);
    expect(screen.getByText('1 outil sur 3')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Rechercher un outil'));
    await user.type(screen.getByLabelText('Rechercher un outil'), 'zzz');
    expect(screen.getByText('Aucun outil ne correspond à « zzz ».')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("copies origin + /toolspage/{slug} and shows 'Copié !' for 2 seconds", async () => {
    jest.useFakeTimers();
    mockAdmin([two]);
    const { user } = await renderDashboard(userEvent.setup({ advanceTimers: jest.advanceTimersByTime }));
    // After every setup: user-event installs a clipboard stub of its own.
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const row = screen.getByRole('row', { name: /Checklist RGPD/ });
    await user.click(within(row).getByRole('button', { name: /^Copier le lien/ }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/toolspage/checklist-rgpd`);
    // The copy promise settles through microtask hops (clipboard, copyText, the handler); no timer
    // advanced. How many depends on what else the click queued (a hundred were too few once the
    // ESM packages load natively under jest): hops until the label changes, without advancing any
    // timer, bounded so that a label that never changes still fails below.
    for (let hop = 0; hop < 10_000 && !within(row).queryByRole('button', { name: /^Copié !/ }); hop += 1) {
      await act(async () => {
        await Promise.resolve();
      });
    }
    expect(within(row).getByRole('button', { name: /^Copié !/ })).toBeInTheDocument();
    expect(within(row).getByRole('status')).toHaveTextContent('Lien de Checklist RGPD copié dans le presse-papiers');
    act(() => jest.advanceTimersByTime(1999));
    expect(within(row).getByRole('button', { name: /^Copié !/ })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(within(row).getByRole('button', { name: /^Copier le lien/ })).toBeInTheDocument();
  });

  it('asks for confirmation, deletes, then reloads the list', async () => {
    const calls = mockAdmin([two, [two[0]]]);
    const deleted: unknown[] = [];
    server.use(
      http.post(`${API}/admin/tools/delete`, async ({ request }) => {
        deleted.push({ body: await request.json(), userToken: request.headers.get('userToken') });
        return HttpResponse.json({ status: 'deleted' });
      }),
    );
    const { user } = await renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Supprimer Checklist RGPD' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmer la suppression de « Checklist RGPD » ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Checklist RGPD' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleted).toEqual([{ body: { toolId: 9 }, userToken: 'jeton-admin' }]);
    expect(calls).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Diagnostic numérique' })).toBeInTheDocument();
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    mockAdmin([two]);
    const deleted: unknown[] = [];
    server.use(
      http.post(`${API}/admin/tools/delete`, () => {
        deleted.push(1);
        return HttpResponse.json({ status: 'deleted' });
      }),
    );
    const { user } = await renderDashboard();
    const opener = screen.getByRole('button', { name: 'Supprimer Checklist RGPD' });
    await user.click(opener);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
    expect(deleted).toHaveLength(0);
  });

  it.each([
    ['an HTTP error', () => HttpResponse.json({}, { status: 500 }), null],
    ['a server message', () => HttpResponse.json({ message: 'Cet outil est introuvable.' }, { status: 404 }), 'Cet outil est introuvable.'],
    ['a reply without the deleted status', () => HttpResponse.json({ status: 'kept' }), null],
  ])('shows the failure alert after %s', async (_label, reply, extra) => {
    const calls = mockAdmin([two]);
    server.use(http.post(`${API}/admin/tools/delete`, reply));
    const { user } = await renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Supprimer Checklist RGPD' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Une erreur est survenue lors de la suppression.');
    if (extra) expect(alert).toHaveTextContent(extra);
    expect(screen.getByRole('link', { name: 'Checklist RGPD' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
