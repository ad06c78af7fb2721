import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { EmailChangeConfirm } from '../../../features/account/components/email-change-confirm';
import { useOneTimeLink } from '../../../features/account/hooks/use-one-time-link';
import { AccountTexts } from '../../../features/account/texts';
import styles from '../../../features/account/components/account-forms.module.css';

/** /profile/email-confirmed?email=&token= : the link mailed to the new address of an e-mail change (docs/product/rules.md#R761). */
export default function EmailConfirmedPage() {
  const { email, token } = useOneTimeLink();
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-live="polite">
        {email && token ? (
          <EmailChangeConfirm email={email} token={token} />
        ) : (
          <>
            <title>Oups, il y a eu un souci — Outils</title>
            <h1>Oups, il y a eu un souci</h1>
            <MessageBox tone="error">{AccountTexts.linkParamsMissing}</MessageBox>
            <p>
              <Link to={WebRoutes.profile}>Aller à mon profil</Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
