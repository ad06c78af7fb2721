import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { buttonClassName } from '../../components/ui/button';
import styles from '../../components/layouts/status-page.module.css';

/** The 403 page (docs/product/rules.md#R13, #R5): 'Accès non autorisé', not indexed by search engines. */
export default function NotAllowedPage() {
  return (
    <section className={styles.status} aria-labelledby="interdit-titre">
      <title>Accès non autorisé — Outils</title>
      <meta name="robots" content="noindex" />
      <img className={styles.mascot} src="/images/mascotte-perdue.svg" alt="" width={180} height={180} />
      <p className={styles.code} aria-hidden="true">403</p>
      <h1 id="interdit-titre">Accès non autorisé</h1>
      <p className={styles.text}>Cette page est réservée aux administrateurs. Si vous pensez qu’il s’agit d’une erreur, connectez-vous avec le bon compte.</p>
      <div className={styles.actions}>
        <Link to={WebRoutes.tools} className={buttonClassName('primary')}>Explorer les outils</Link>
        <Link to={WebRoutes.home} className={buttonClassName('secondary')}>Retour à l’accueil</Link>
      </div>
    </section>
  );
}
