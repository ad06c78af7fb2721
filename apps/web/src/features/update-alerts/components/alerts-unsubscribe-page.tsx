import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { asApiError } from '../../../lib/api-error';
import { useUnsubscribeUpdateAlertsMutation } from '../api/update-alerts.api';
import { UpdateAlertTexts } from '../texts';
import styles from './update-alerts.module.css';

/**
 * The visible way out of every update digest (docs/product/rules.md#R915): the page acts at its
 * button only, never on load, so that a mail scanner that opens the link changes nothing.
 */
export function AlertsUnsubscribePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  const [unsubscribe, { isLoading }] = useUnsubscribeUpdateAlertsMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const go = async () => {
    const reply = await unsubscribe({ id, token });
    setOutcome('data' in reply && reply.data
      ? { tone: 'success', text: reply.data.message }
      : { tone: 'error', text: asApiError(reply.error).message ?? UpdateAlertTexts.unsubscribeFailed });
  };
  return (
    <div className={styles.page}>
      <title>{`${UpdateAlertTexts.unsubscribeTitle} — Outils`}</title>
      <h1>{UpdateAlertTexts.unsubscribeTitle}</h1>
      {!id || !token ? (
        <MessageBox tone="error">{UpdateAlertTexts.unsubscribeMissing}</MessageBox>
      ) : outcome ? (
        <div role="status"><MessageBox tone={outcome.tone}>{outcome.text}</MessageBox></div>
      ) : (
        <>
          <p>{UpdateAlertTexts.unsubscribeText}</p>
          <Button busy={isLoading} onClick={() => void go()}>{UpdateAlertTexts.unsubscribeButton}</Button>
        </>
      )}
    </div>
  );
}
