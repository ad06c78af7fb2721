import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { AccountActivation } from '../../../features/account/components/account-activation';
import { useOneTimeLink } from '../../../features/account/hooks/use-one-time-link';
import { AccountTexts } from '../../../features/account/texts';
import styles from '../../../features/account/components/account-forms.module.css';

/** /profile/confirmed?email=&token= : the target of the activation e-mail (docs/product/rules.md#R765, #R34). */
export default function ProfileConfirmedPage() {
  const { email, token } = useOneTimeLink();
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        {email && token ? (
          <AccountActivation email={email} token={token} />
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
