import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { PAGE_DATA_ELEMENT_ID, SERVER_RENDERED_ATTRIBUTE } from '@outils/contracts';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { createStore } from './app/store';
import { takenOverState } from './app/take-over';
import { keepAttribution } from './lib/partner-attribution';
import { readStoredSession, selectIsConnected } from './lib/session';
import './styles/tokens.css';
import './styles/global.css';

/**
 * Lets the browser run what waits (a tap, a paint) between the steps of starting the app: each
 * step is then a short task of its own instead of one long one (docs/product/rules.md#R713).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app. A page the web server rendered for a guest (docs/product/rules.md#R830) is taken
 * over as it stands, with the API answers it was rendered with; any other page, and a signed-in
 * member's, is rendered here.
 */
async function start() {
  // Arrived through a partner's link (its home page or a sheet): a download or sign-up that follows is credited to it (R997).
  keepAttribution(window.location.search);
  await yieldToBrowser();
  const container = document.getElementById('root')!;
  const pageData = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  const takeOver = container.hasAttribute(SERVER_RENDERED_ATTRIBUTE) && !!pageData && !selectIsConnected({ session: readStoredSession() });
  // The answers the page was rendered with are the store's first state: nothing to reduce, no
  // call made again (RTK Query's cache as the server left it: queries, their tags, app/take-over.ts).
  const store = createStore(takeOver ? takenOverState(pageData) : undefined);
  // The head tags the web server wrote for clients without JavaScript (docs/product/rules.md#R400)
  // leave before the app renders: each page writes its own, and React, taking a page over, would
  // otherwise adopt a server tag that matches its own and lose it with the rest.
  document.querySelectorAll('head [data-static-meta]').forEach((node) => node.remove());

  if (takeOver) {
    await yieldToBrowser();
    // The page's own code first (its chunk is already on its way, R713): taking the page over must
    // render the same tree the server did, not the router's loading fallback.
    await Promise.all(
      (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
      }),
    );
    await yieldToBrowser();
  } else {
    container.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
    container.replaceChildren();
  }

  const router = createBrowserRouter(routes, takeOver ? { hydrationData: {} } : undefined);
  const app = (
    <StrictMode>
      <AppProvider store={store}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  // Taking the page over is a transition: React does it in small slices between which the browser
  // answers the visitor, instead of one long task (docs/product/rules.md#R713).
  // The take-over's cost is measured from here to the app's first effect (app/provider.tsx; the
  // web bench reads both marks, docs/performance.md).
  if (takeOver) performance.mark('outils:prise-en-main');
  if (takeOver) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

// Not awaited at the top level: the page chunks import this module's shared code, and a top-level
// await of one of them would wait for itself.
void start();
