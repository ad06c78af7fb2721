import { useEffect } from 'react';
import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { Button, buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { api } from '../../../lib/api';
import { asApiError } from '../../../lib/api-error';
import { useAppDispatch } from '../../../lib/hooks';
import { emailChanged } from '../../../lib/session';
import { useEmailChangeConfirmMutation } from '../api/account.api';
import { AccountTexts } from '../texts';
import styles from './account-forms.module.css';

/**
 * The new mailbox's link of an e-mail change (docs/product/rules.md#R761). Nothing happens on
 * load: a mail scanner that opens the link and runs its scripts cannot move an account onto the
 * address. Once confirmed, a signed-in member of that account goes on under the new address.
 */
export function EmailChangeConfirm({ email, token }: { email: string; token: string }) {
  const [confirm, { data, error, isLoading, isUninitialized }] = useEmailChangeConfirmMutation();
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!data?.ownSession) return;
    // The session must carry the new address before the current user is fetched again.
    dispatch(emailChanged(data.userMail));
    dispatch(api.util.invalidateTags(['Me']));
  }, [data, dispatch]);

  if (isUninitialized || isLoading) {
    return (
      <>
        <title>{`${AccountTexts.emailConfirmTitle} — Outils`}</title>
        <h1>{AccountTexts.emailConfirmTitle}</h1>
        <p className={styles.lead}>{AccountTexts.emailConfirmLead(email)}</p>
        <Button type="button" busy={isLoading} onClick={() => void confirm({ email, token })}>
          {AccountTexts.emailConfirmAction}
        </Button>
      </>
    );
  }
  if (error || !data) {
    return (
      <>
        <title>Oups, il y a eu un souci — Outils</title>
        <h1>Oups, il y a eu un souci</h1>
        <MessageBox tone="error">{asApiError(error).message ?? AccountTexts.emailConfirmFailed}</MessageBox>
        <p>
          <Link to={WebRoutes.profile}>Aller à mon profil</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <title>{`${AccountTexts.emailConfirmDoneTitle} — Outils`}</title>
      <h1>{AccountTexts.emailConfirmDoneTitle}</h1>
      <MessageBox tone="success">{data.message}</MessageBox>
      <Link to={data.ownSession ? WebRoutes.profile : WebRoutes.login} className={buttonClassName()}>
        {data.ownSession ? 'Aller à mon profil' : 'Se connecter'}
      </Link>
    </>
  );
}
