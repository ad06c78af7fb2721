import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { asApiError } from '../../../lib/api-error';
import { useUnsubscribePlanMutation } from '../api/plan-follow-up.api';
import { PlanTexts as T } from '../texts';
import styles from './plan-follow-up.module.css';

/** The plan mails' visible way out (docs/product/rules.md#R979): acts at its button only, never on load. */
export function PlanUnsubscribePage() {
  const [params] = useSearchParams();
  const plan = params.get('plan') ?? '';
  const token = params.get('token') ?? '';
  const [unsubscribe, { isLoading }] = useUnsubscribePlanMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const go = async () => {
    const reply = await unsubscribe({ plan, token });
    setOutcome('data' in reply && reply.data
      ? { tone: 'success', text: reply.data.message }
      : { tone: 'error', text: asApiError(reply.error).message ?? T.actionFailed });
  };
  return (
    <div className={styles.page}>
      <title>{`${T.unsubscribeTitle} — Outils`}</title>
      <h1>{T.unsubscribeTitle}</h1>
      {!plan || !token ? (
        <MessageBox tone="error">{T.answerMissing}</MessageBox>
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
