import { render, RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReactElement } from 'react';
import { createMemoryRouter, RouteObject, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes as appRoutes } from '../app/router';
import { createStore, RootState } from '../app/store';
import type { SessionState } from '../lib/session';

export const signedIn = (email = 'camille@example.com', token = 'jeton-de-test'): Partial<SessionState> => ({ email, token });

interface Options extends Omit<RenderOptions, 'queries'> {
  session?: Partial<SessionState>;
  preloadedState?: Partial<RootState>;
}

function storeFor(options: Options) {
  const session: SessionState = { token: null, email: null, hasGivenEmail: false, hasCheckedNewsletter: false, ...options.session };
  return createStore({ ...options.preloadedState, session });
}

/** Renders a router over a real store (one per test), with a user-event session. */
function renderRouter(router: ReturnType<typeof createMemoryRouter>, store: ReturnType<typeof storeFor>, options: Options) {
  return {
    store,
    router,
    user: userEvent.setup(),
    ...render(
      <AppProvider store={store}>
        <RouterProvider router={router} />
      </AppProvider>,
      options,
    ),
  };
}

/** Renders a component with a real store (one per test) and a memory router. */
export function renderWithProviders(ui: ReactElement, options: Options & { route?: string } = {}) {
  return renderRouter(createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.route ?? '/'] }), storeFor(options), options);
}

/** Renders the whole app's route table at `path` (pages, guards, layout). */
export function renderApp(path: string, options: Options & { routes?: RouteObject[] } = {}) {
  return renderRouter(createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [path] }), storeFor(options), options);
}
