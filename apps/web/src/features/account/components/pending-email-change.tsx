import { useState } from 'react';
import type { UserData } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { asApiError } from '../../../lib/api-error';
import { useEmailChangeCancelMutation } from '../api/account.api';
import { AccountTexts } from '../texts';
import styles from './account-forms.module.css';

/**
 * What an e-mail change waits for, and its cancellation (docs/product/rules.md#R762). The outcome
 * of a cancellation stays shown once the pending notice is gone.
 */
export function PendingEmailChange({ user }: { user: UserData }) {
  const [cancel, { isLoading }] = useEmailChangeCancelMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onCancel = async () => {
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', text: (await cancel().unwrap()).message });
    } catch (error) {
      setOutcome({ tone: 'error', text: asApiError(error).message ?? AccountTexts.genericFailed });
    }
  };

  return (
    <div aria-live="polite">
      {user.pendingEmail ? (
        <div className={styles.fieldsetNote}>
          <p>{AccountTexts.emailPending(user.pendingEmail, user.email)}</p>
          <Button type="button" variant="secondary" busy={isLoading} onClick={() => void onCancel()}>
            {AccountTexts.emailPendingCancel}
          </Button>
        </div>
      ) : null}
      {outcome ? <MessageBox tone={outcome.tone}>{outcome.text}</MessageBox> : null}
    </div>
  );
}
