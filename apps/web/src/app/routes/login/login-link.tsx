import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { useOneTimeLink } from '../../../features/account/hooks/use-one-time-link';
import { AccountTexts } from '../../../features/account/texts';
import styles from '../../../features/account/components/account-forms.module.css';
import { LoginLinkConfirm } from '../../../features/auth/components/login-link';

/** /login/link?email=&token= : the one-time login link of the e-mail (docs/product/rules.md#R770). */
export default function LoginLinkPage() {
  const { email, token } = useOneTimeLink();
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-live="polite">
        {email && token ? (
          <LoginLinkConfirm email={email} token={token} />
        ) : (
          <>
            <title>Oups, il y a eu un souci — Outils</title>
            <h1>Oups, il y a eu un souci</h1>
            <MessageBox tone="error">{AccountTexts.linkParamsMissing}</MessageBox>
            <p>
              <Link to={WebRoutes.login}>Aller à la page de connexion</Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
