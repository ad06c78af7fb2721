import { useEffect } from 'react';
import { Location, Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../../components/layouts/footer';
import { Header } from '../../components/layouts/header';
import { LaterPart } from '../../components/layouts/later-part';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { PendingResultSaver } from '../../features/diagnostic/components/pending-result-saver';
import { NewsletterPopup } from '../../features/newsletter/components/newsletter-popup';
import { useSiteQuery } from '../../features/site/api/site.api';
import { loadAnalytics } from '../../lib/analytics';
import styles from './root-layout.module.css';

/**
 * Where a page's scroll position is kept (docs/product/rules.md#R738): by history entry, except the
 * entry a page load starts with, whose key is always 'default' — by its address then, so that a page
 * loaded in a tab does not open where the previous page loaded in that tab was left. A reload comes
 * back to its place; a page opened anew (a link from an e-mail, an address typed) forgets it.
 */
const SCROLL_STORAGE_KEY = 'outils-scroll-positions';
const scrollKey = (location: Location) => (location.key === 'default' ? `${location.pathname}${location.search}` : location.key);

function forgetTheScrollOfAPageOpenedAnew(): void {
  try {
    const [load] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (!load || load.type !== 'navigate') return;
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
    delete saved[`${window.location.pathname}${window.location.search}`];
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // No storage (private browsing): nothing was kept either.
  }
}
// Once per page load, before the router reads the positions.
if (typeof window !== 'undefined') forgetTheScrollOfAPageOpenedAnew();

/**
 * Header and footer on every page, the main landmark the skip link targets. The layout hands
 * the header the logout and the footer the publisher, and starts the newsletter popup's clock
 * when the header mounts (docs/product/rules.md#R727). Each page renders its own metadata (React 19
 * <title>/<meta>); the tags the web server wrote for clients without JavaScript are gone by then
 * (src/main.tsx).
 */
export function RootLayout() {
  const [logout] = useLogout();
  const publisher = useSiteQuery().data?.publisher;
  useEffect(() => {
    loadAnalytics();
  }, []);

  return (
    <div className={styles.shell}>
      <Header onLogout={logout} />
      <NewsletterPopup />
      {/* docs/product/rules.md#R556: a guest's diagnostic joins the account at sign-in. */}
      <PendingResultSaver />
      <main id="contenu" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      {/* Below every page's first screen: live once near or at the first gesture (docs/product/rules.md#R894). */}
      <LaterPart name="pied-de-page">
        <Footer publisher={publisher} />
      </LaterPart>
      {/* Back and forward put each page where it was; a new page starts at the top. */}
      <ScrollRestoration getKey={scrollKey} storageKey={SCROLL_STORAGE_KEY} />
    </div>
  );
}
