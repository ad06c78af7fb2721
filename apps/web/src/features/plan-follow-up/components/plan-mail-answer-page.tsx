import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PlanWebRoutes } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { asApiError } from '../../../lib/api-error';
import { useMailAnswerMutation, useMailAnswerPreviewQuery } from '../api/plan-follow-up.api';
import { PlanTexts as T } from '../texts';
import styles from './plan-follow-up.module.css';

/**
 * A plan mail's answer link (docs/product/rules.md#R980): the page shows the step and the answer
 * and records it at its one button only, never on load, so that a mail scanner following the link
 * changes nothing. No login needed: the signed link says which plan, step and answer.
 */
export function PlanMailAnswerPage() {
  const [params] = useSearchParams();
  const link = { plan: params.get('plan') ?? '', tool: params.get('tool') ?? '', answer: params.get('answer') ?? '', token: params.get('token') ?? '' };
  const complete = Object.values(link).every((v) => v !== '');
  const preview = useMailAnswerPreviewQuery(link, { skip: !complete });
  const [send, { isLoading }] = useMailAnswerMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const go = async () => {
    const reply = await send(link);
    setOutcome('data' in reply && reply.data
      ? { tone: 'success', text: reply.data.message }
      : { tone: 'error', text: asApiError(reply.error).message ?? T.actionFailed });
  };
  return (
    <div className={styles.page}>
      <title>{`${T.answerTitle} — Outils`}</title>
      <h1>{T.answerTitle}</h1>
      {!complete ? <MessageBox tone="error">{T.answerMissing}</MessageBox> : null}
      {preview.isLoading ? <Spinner label={T.loading} /> : null}
      {preview.error ? <MessageBox tone="error">{asApiError(preview.error).message ?? T.actionFailed}</MessageBox> : null}
      {outcome ? (
        <div role="status">
          <MessageBox tone={outcome.tone}>{outcome.text}</MessageBox>
          <p><Link to={PlanWebRoutes.mine}>{T.seePlan}</Link></p>
        </div>
      ) : preview.data ? (
        <>
          <p>{T.answerQuestion(preview.data.toolName, preview.data.answerLabel)}</p>
          <Button busy={isLoading} onClick={() => void go()}>{T.answerButton(preview.data.answerLabel)}</Button>
        </>
      ) : null}
    </div>
  );
}
