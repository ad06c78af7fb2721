import { ReactNode } from 'react';
import styles from './login-layout.module.css';

export interface LoginLayoutProps {
  /** The page's heading and document title. */
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

/**
 * The layout shared by the login pages (docs/product/rules.md#R40): the form in a card and an intro that says
 * what an account brings. The card comes first in reading order; wide screens show the intro
 * on its left.
 */
export function LoginLayout({ title, lead, children }: LoginLayoutProps) {
  return (
    <div className={styles.layout}>
      <title>{`${title} — Outils`}</title>
      <section className={styles.card} aria-labelledby="login-layout-title">
        <h1 id="login-layout-title">{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </section>
      <aside className={styles.intro} aria-labelledby="login-layout-intro">
        <h2 id="login-layout-intro" className={styles.introTitle}>
          Votre espace, gratuit
        </h2>
        <p>La bibliothèque la plus cool pour digitaliser son activité soi-même, avec un compte en plus :</p>
        <ul className={styles.benefits}>
          <li>Vos outils favoris rangés dans votre bibliothèque personnelle</li>
          <li>L’outil du mois et nos conseils, si vous le souhaitez, dans votre boîte mail</li>
          {/* docs/product/rules.md#R726: the folders are here, never 'Bientôt'. */}
          <li>Vos dossiers de téléchargement à composer, chacun en un seul fichier</li>
        </ul>
      </aside>
    </div>
  );
}
