import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { useAppSelector } from '../../lib/hooks';
import { selectIsConnected } from '../../lib/session';
import { buttonClassName } from '../ui/button';
import styles from './status-page.module.css';

/**
 * The 404 content (docs/product/rules.md#R194): 'ERREUR 404', the slogan, a button back to the explorer, and a link
 * to the favourites when a stored e-mail and token exist, else to /login. A visitor who never
 * logged in is not sent « back » to a login: the home page comes first, then an offer to log in
 * (docs/product/rules.md#R194).
 */
export function NotFoundContent() {
  const connected = useAppSelector(selectIsConnected);
  return (
    <section className={styles.status} aria-labelledby="erreur-titre">
      <title>Page introuvable — Outils</title>
      <meta name="robots" content="noindex" />
      <img className={styles.mascot} src="/images/mascotte-perdue.svg" alt="" width={180} height={180} />
      <p className={styles.code} aria-hidden="true">404</p>
      <h1 id="erreur-titre">ERREUR 404</h1>
      <p className={styles.slogan}>Vous avez trouvé notre point faible</p>
      <p className={styles.text}>La page que vous cherchez n’existe pas ou a été déplacée.</p>
      <div className={styles.actions}>
        <Link to={WebRoutes.tools} className={buttonClassName('primary')}>Explorer les outils</Link>
        {connected ? (
          <Link to={WebRoutes.favorites} className={buttonClassName('secondary')}>Voir mes favoris</Link>
        ) : (
          <Link to={WebRoutes.home} className={buttonClassName('secondary')}>Retour à l’accueil</Link>
        )}
      </div>
      {connected ? null : (
        <p className={styles.text}>
          Vous avez un compte ? <Link to={WebRoutes.login}>Connectez-vous</Link> pour retrouver vos favoris.
        </p>
      )}
    </section>
  );
}
