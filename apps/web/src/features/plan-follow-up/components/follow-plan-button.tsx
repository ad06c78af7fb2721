import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PlanMessages, PlanWebRoutes, WebRoutes } from '@outils/contracts';
import { Button, buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { asApiError } from '../../../lib/api-error';
import { useMyPlanQuery, useStartPlanMutation } from '../api/plan-follow-up.api';
import { PlanTexts as T } from '../texts';
import styles from './plan-follow-up.module.css';

/**
 * « Suivre ce plan » under a diagnostic's result (docs/product/rules.md#R976): a member follows the
 * plan shown and lands on 'Mon plan'; a guest reads why an account is needed.
 */
export function FollowPlanButton({ connected, email, answerIds }: { connected: boolean; email: string | null; answerIds: number[] }) {
  const current = useMyPlanQuery(email, { skip: !connected }).data?.plan;
  const [start, { isLoading }] = useStartPlanMutation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const follow = async () => {
    const reply = await start(answerIds);
    if ('data' in reply && reply.data) navigate(PlanWebRoutes.mine);
    else setError(asApiError(reply.error).message ?? T.followFailed);
  };
  return (
    <section className={styles.follow} aria-labelledby="follow-plan">
      <h2 id="follow-plan">{T.follow}</h2>
      {connected ? (
        <>
          <p>{T.followIntro}</p>
          {current ? (
            <p>{T.alreadyFollowing} <Link to={PlanWebRoutes.mine}>{T.seePlan}</Link></p>
          ) : null}
          <Button busy={isLoading} onClick={() => void follow()}>{current ? T.followInstead : T.follow}</Button>
          {error ? <MessageBox tone="error">{error}</MessageBox> : null}
        </>
      ) : (
        <>
          <p>{PlanMessages.guestNeedsAccount}</p>
          <p>
            <Link to={WebRoutes.signup} className={buttonClassName('primary')}>{T.signup}</Link>{' '}
            <Link to={WebRoutes.login} className={buttonClassName('secondary')}>{T.login}</Link>
          </p>
        </>
      )}
    </section>
  );
}
