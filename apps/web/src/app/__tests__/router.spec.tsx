import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/msw/server';
import { renderApp, signedIn } from '../../testing/render-with-providers';

describe('route table and guards', () => {
  it('shows the 404 page for an unknown path', async () => {
    renderApp('/nimporte/quoi');
    expect(await screen.findByRole('heading', { name: /ERREUR 404/ })).toBeInTheDocument();
  });

  it('sends a visitor without credentials from /admin to /notallowed', async () => {
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Accès non autorisé' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notallowed');
  });

  it('sends a signed-in non-admin from /admin to /notallowed', async () => {
    server.use(http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'camille@example.com', isAdmin: false } })));
    const { router } = renderApp('/admin', { session: signedIn() });
    await screen.findByRole('heading', { name: 'Accès non autorisé' });
    expect(router.state.location.pathname).toBe('/notallowed');
  });

  it('sends a visitor from the favourites to /login, remembering where they came from', async () => {
    const { router } = renderApp('/toolspage/favorites');
    await screen.findByRole('heading', { name: /Connexion|Se connecter|SE CONNECTER/i });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/toolspage/favorites', guarded: true });
  });
});
