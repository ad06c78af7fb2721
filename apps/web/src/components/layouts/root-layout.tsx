import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { loadAnalytics } from '../../lib/analytics';
import { Footer } from './footer';
import { Header } from './header';
import styles from './root-layout.module.css';

/**
 * Header and footer on every page, the main landmark the skip link targets. Once the app runs,
 * each page renders its own metadata (React 19 <title>/<meta>): the defaults written in
 * index.html for crawlers without JavaScript are then removed so that they never compete.
 */
export function RootLayout() {
  useEffect(() => {
    document.querySelectorAll('head [data-static-meta]').forEach((node) => node.remove());
    loadAnalytics();
  }, []);

  return (
    <div className={styles.shell}>
      <Header />
      <main id="contenu" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      {/* Back and forward put each page where it was; a new page starts at the top. */}
      <ScrollRestoration />
    </div>
  );
}
