import { ReactNode } from 'react';
import styles from './content-page.module.css';

export interface ContentPageProps {
  title: string;
  /** Document title; defaults to "{title} — Outils". */
  documentTitle?: string;
  description: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** Text pages (about, legal pages): an intro band and a readable column. */
export function ContentPage({ title, documentTitle, description, intro, children }: ContentPageProps) {
  return (
    <article className={styles.page}>
      <title>{documentTitle ?? `${title} — Outils`}</title>
      <meta name="description" content={description} />
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <h1>{title}</h1>
          {intro ? <div className={styles.intro}>{intro}</div> : null}
        </div>
      </header>
      <div className={styles.body}>{children}</div>
    </article>
  );
}
