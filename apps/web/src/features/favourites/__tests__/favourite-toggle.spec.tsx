import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../../testing/msw/server';
import { renderWithProviders, signedIn } from '../../../testing/render-with-providers';
import { FavouriteToggle, GUEST_FAVOURITE_ALERT } from '../components/favourite-toggle';

function recordFavouriteCalls() {
  const calls: { path: string; body: unknown; email: string | null }[] = [];
  const record = async ({ request }: { request: Request }) => {
    calls.push({ path: new URL(request.url).pathname, body: await request.json(), email: request.headers.get('userEmail') });
    return HttpResponse.json({ success: true });
  };
  server.use(http.post(`${API}/api/favorites/create`, record), http.post(`${API}/api/favorites/delete`, record));
  return calls;
}

describe('favourite star (docs/product/rules.md#R110, #R112)', () => {
  it('shows a guest the listing alert, with links to log in and sign up, and sends nothing', async () => {
    const calls = recordFavouriteCalls();
    const { user } = renderWithProviders(<FavouriteToggle toolId={7} isFavorite={false} context="listing" />);
    const star = screen.getByRole('button', { name: 'Ajouter aux favoris' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(GUEST_FAVOURITE_ALERT.listing);
    expect(alert).toHaveTextContent('Psssst, les favoris sont réservés aux abonnés. Pensez à vous connecter ou créez-vous un compte ;)');
    expect(screen.getByRole('link', { name: 'Me connecter' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Créer mon compte' })).toHaveAttribute('href', '/login/signup');
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(star).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('gives the login the page and the tool, so that the guest comes back with the favourite added', async () => {
    const { user, router } = renderWithProviders(<FavouriteToggle toolId={7} isFavorite={false} context="sheet" />, { route: '/toolspage/kit-rgpd?x=1' });
    await user.click(screen.getByRole('button', { name: 'Ajouter aux favoris' }));
    await user.click(await screen.findByRole('link', { name: 'Me connecter' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/toolspage/kit-rgpd?x=1', favourite: 7 });
  });

  it('shows a guest the sheet alert on the tool sheet', async () => {
    const { user } = renderWithProviders(<FavouriteToggle toolId={7} isFavorite={false} context="sheet" showLabel />);
    await user.click(screen.getByRole('button', { name: 'Ajouter aux favoris' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Merci de vous connecter pour enregistrer des favoris.');
  });

  it('lets a member add then remove a favourite: the star flips at once, create then delete are sent', async () => {
    const calls = recordFavouriteCalls();
    const onToggled = jest.fn();
    const { user } = renderWithProviders(<FavouriteToggle toolId={7} isFavorite={false} context="listing" onToggled={onToggled} />, {
      session: signedIn(),
    });
    await user.click(screen.getByRole('button', { name: 'Ajouter aux favoris' }));
    expect(screen.getByRole('button', { name: 'Ajouté' })).toHaveAttribute('aria-pressed', 'true');
    expect(onToggled).toHaveBeenLastCalledWith(7, false, expect.any(Promise));
    await waitFor(() => expect(calls).toEqual([{ path: '/api/favorites/create', body: { toolId: 7 }, email: 'camille@example.com' }]));

    await user.click(screen.getByRole('button', { name: 'Ajouté' }));
    expect(screen.getByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute('aria-pressed', 'false');
    expect(onToggled).toHaveBeenLastCalledWith(7, true, expect.any(Promise));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/favorites/create', '/api/favorites/delete']));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('sends delete for a tool that is already a favourite', async () => {
    const calls = recordFavouriteCalls();
    const { user } = renderWithProviders(<FavouriteToggle toolId={3} isFavorite context="sheet" showLabel />, { session: signedIn() });
    await user.click(screen.getByRole('button', { name: 'Ajouté' }));
    await waitFor(() => expect(calls).toEqual([expect.objectContaining({ path: '/api/favorites/delete', body: { toolId: 3 } })]));
  });

  it('names a star without its text after its tool, pressed or not (docs/product/rules.md#R730)', async () => {
    recordFavouriteCalls();
    const { user } = renderWithProviders(<FavouriteToggle toolId={4} toolName="Kit RGPD" isFavorite={false} context="listing" />, { session: signedIn() });
    const star = screen.getByRole('button', { name: 'Ajouter « Kit RGPD » aux favoris' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(star).toHaveAttribute('title', 'Ajouter aux favoris');
    await user.click(star);
    expect(screen.getByRole('button', { name: '« Kit RGPD » ajouté aux favoris' })).toHaveAttribute('aria-pressed', 'true');
  });
});

