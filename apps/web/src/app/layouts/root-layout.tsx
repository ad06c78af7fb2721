import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../../components/layouts/footer';
import { Header } from '../../components/layouts/header';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { PendingResultSaver } from '../../features/diagnostic/components/pending-result-saver';
import { NewsletterPopup } from '../../features/newsletter/components/newsletter-popup';
import { useSiteQuery } from '../../features/site/api/site.api';
import { loadAnalytics } from '../../lib/analytics';
import styles from './root-layout.module.css';

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
      <Footer publisher={publisher} />
      {/* Back and forward put each page where it was; a new page starts at the top. */}
      <ScrollRestoration />
    </div>
  );
}
