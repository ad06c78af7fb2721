import type { ReactNode } from 'react';
import styles from './admin-panel.module.css';

/**
 * A titled card that a feature adds under an admin page (the statistics page's usefulness and
 * followed plans): same width and look as the page's own cards, whichever feature draws it.
 */
export function AdminPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className={styles.outer}>
      <section className={styles.card} aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        {children}
      </section>
    </div>
  );
}
