import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { buttonClassName } from '../../../components/ui/button';
import styles from '../../../features/account/components/account-forms.module.css';

/** /profile/deleted */
export default function ProfileDeletedPage() {
  return (
    <div className={styles.page}>
      <title>Votre compte a bien été supprimé — Outils</title>
      <section className={`${styles.card} ${styles.center}`}>
        <h1>Votre compte a bien été supprimé</h1>
        {/* The mascot the public side ships (public/images). */}
        <img className={styles.mascot} src="/images/mascotte.svg" alt="La mascotte d’Outils vous fait un signe d’au revoir" width={260} height={260} />
        <p className={styles.lead}>Merci d’avoir utilisé nos outils. Vous pouvez continuer à les explorer et les télécharger sans compte.</p>
        <Link to={WebRoutes.tools} className={buttonClassName()}>
          Explorer les outils
        </Link>
      </section>
    </div>
  );
}
