import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { asApiError } from '../../../lib/api-error';
import { useUnsubscribePartnerReportsMutation } from '../api/partners.api';
import { PartnerTexts as T } from '../texts';
import styles from './partners.module.css';

/**
 * The visible way out of a partner's monthly report (docs/product/rules.md#R1002): it acts at its
 * button only, never on load, so that a mail scanner that opens the link changes nothing.
 */
export function ReportsUnsubscribePage() {
  const [params] = useSearchParams();
  const partenaire = params.get('partenaire') ?? '';
  const jeton = params.get('jeton') ?? '';
  const [unsubscribe, { isLoading }] = useUnsubscribePartnerReportsMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const go = async () => {
    const reply = await unsubscribe({ partenaire, jeton });
    setOutcome('data' in reply && reply.data
      ? { tone: 'success', text: reply.data.message }
      : { tone: 'error', text: asApiError(reply.error).message ?? T.unsubscribeFailed });
  };
  return (
    <div className={styles.narrow}>
      <title>{`${T.unsubscribeTitle} — Outils`}</title>
      <h1>{T.unsubscribeTitle}</h1>
      {!partenaire || !jeton ? (
        <MessageBox tone="error">{T.unsubscribeMissing}</MessageBox>
      ) : outcome ? (
        <div role="status"><MessageBox tone={outcome.tone}>{outcome.text}</MessageBox></div>
      ) : (
        <>
          <p>{T.unsubscribeText}</p>
          <Button busy={isLoading} onClick={() => void go()}>{T.unsubscribeButton}</Button>
        </>
      )}
    </div>
  );
}
