import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouteObject } from 'react-router';
import { RequireAdmin } from '../../../features/auth/components/require-admin';
import { RequireAuth } from '../../../features/auth/components/require-auth';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';

const routes: RouteObject[] = [
  { element: <RequireAuth />, children: [{ path: '/toolspage/favorites', element: <h1>Contenu favoris</h1> }] },
  { path: '/admin', element: <RequireAdmin />, children: [{ index: true, element: <h1>Contenu admin</h1> }] },
  { path: '/login', element: <h1>Page connexion</h1> },
  { path: '/notallowed', element: <h1>Accès non autorisé</h1> },
];

/** A user/show answer held back until `release()`. */
function pendingUser(userData: Record<string, unknown>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(`${API}/api/user/show`, async () => {
      await gate;
      return HttpResponse.json({ userData });
    }),
  );
  return () => release();
}

describe('login guard (favourites, profile)', () => {
  it('shows nothing while the check is pending, then the content', async () => {
    const release = pendingUser({ email: 'camille@example.com', isAdmin: false });
    const { router, container } = renderApp('/toolspage/favorites', { routes, session: signedIn() });
    await new Promise((r) => setTimeout(r, 50));
    expect(container).toBeEmptyDOMElement();
    expect(router.state.location.pathname).toBe('/toolspage/favorites');
    release();
    expect(await screen.findByRole('heading', { name: 'Contenu favoris' })).toBeInTheDocument();
  });

  it('sends a visitor to /login with the origin', async () => {
    const { router } = renderApp('/toolspage/favorites?page=2', { routes });
    await screen.findByRole('heading', { name: 'Page connexion' });
    expect(router.state.location.state).toEqual({ from: '/toolspage/favorites?page=2', guarded: true });
  });

  it('sends a user whose check returns no e-mail to /login', async () => {
    server.use(http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: '' } })));
    const { router } = renderApp('/toolspage/favorites', { routes, session: signedIn() });
    await screen.findByRole('heading', { name: 'Page connexion' });
    expect(router.state.location.state).toEqual({ from: '/toolspage/favorites', guarded: true });
  });
});

describe('admin guard', () => {
  it('shows nothing while the check is pending, then the content for an admin', async () => {
    const release = pendingUser({ email: 'admin@example.com', isAdmin: true });
    const { router, container } = renderApp('/admin', { routes, session: signedIn('admin@example.com') });
    await new Promise((r) => setTimeout(r, 50));
    expect(container).toBeEmptyDOMElement();
    expect(router.state.location.pathname).toBe('/admin');
    release();
    expect(await screen.findByRole('heading', { name: 'Contenu admin' })).toBeInTheDocument();
  });

  it('sends a non-admin to /notallowed', async () => {
    server.use(http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'camille@example.com', isAdmin: false } })));
    const { router } = renderApp('/admin', { routes, session: signedIn() });
    await screen.findByRole('heading', { name: 'Accès non autorisé' });
    expect(router.state.location.pathname).toBe('/notallowed');
  });

  it('sends a visitor without credentials to /notallowed without asking the server', async () => {
    const { router } = renderApp('/admin', { routes });
    await screen.findByRole('heading', { name: 'Accès non autorisé' });
    expect(router.state.location.pathname).toBe('/notallowed');
  });

  it('sends a user whose session was refused (401) to /notallowed', async () => {
    server.use(http.get(`${API}/api/user/show`, () => HttpResponse.json({ message: 'Session expirée' }, { status: 401 })));
    const { router, store } = renderApp('/admin', { routes, session: signedIn() });
    await screen.findByRole('heading', { name: 'Accès non autorisé' });
    expect(router.state.location.pathname).toBe('/notallowed');
    await waitFor(() => expect(store.getState().session.token).toBeNull());
  });
});
