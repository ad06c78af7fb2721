import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { useConfirmAccountQuery } from '../api/account.api';
import { asApiError } from '../../../lib/api-error';
import { AccountTexts } from '../texts';
import styles from './account-forms.module.css';

/**
 * Activation (docs/product/rules.md#R34, #R196): confirms the account of the link once (a query, so a second
 * mount does not spend the single-use token again) and shows the outcome: activated, already
 * active (the link opened again) or the error.
 */
export function AccountActivation({ email, token }: { email: string; token: string }) {
  const { data, error, isLoading } = useConfirmAccountQuery({ email, token });

  if (isLoading) {
    return (
      <p role="status" aria-live="polite">
        Activation de votre compte en cours…
      </p>
    );
  }
  if (error || !data) {
    const message = asApiError(error).message ?? AccountTexts.activationFailed;
    return (
      <>
        <title>Oups, il y a eu un souci — Outils</title>
        <h1>Oups, il y a eu un souci</h1>
        <MessageBox tone="error">{message}</MessageBox>
        <p>
          Vous pouvez demander un nouvel e-mail d’activation en essayant de vous <Link to={WebRoutes.login}>connecter</Link>.
        </p>
      </>
    );
  }
  if (data.alreadyActive) {
    // The link opened again (a second click, another device): nothing wrong, just log in.
    return (
      <>
        <title>Votre compte est déjà activé — Outils</title>
        <h1>Votre compte est déjà activé</h1>
        <MessageBox tone="success">{data.message}</MessageBox>
        <Link to={WebRoutes.login} className={buttonClassName()}>
          Se connecter
        </Link>
      </>
    );
  }
  return (
    <>
      <title>Votre compte est activé — Outils</title>
      <h1>Votre compte est activé</h1>
      <MessageBox tone="success">Compte activé avec succès</MessageBox>
      <p className={styles.lead}>Vous pouvez maintenant vous connecter et ajouter vos outils préférés à vos favoris.</p>
      <Link to={WebRoutes.login} className={buttonClassName()}>
        Se connecter
      </Link>
    </>
  );
}
