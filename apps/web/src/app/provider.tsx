import { ReactNode, useEffect } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

/**
 * The store for the whole app. Once the app has rendered in the browser, or taken over the page
 * the web server rendered (docs/product/rules.md#R830), `<html data-app-started>` says so: until
 * then the page's forms are not sent by the browser itself (apps/web/build/app-start.ts).
 */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-started', '');
    // The end of a take-over's measure (src/main.tsx); not every environment has marks (jsdom).
    performance.mark?.('outils:app-demarree');
  }, []);
  return <Provider store={store}>{children}</Provider>;
}
