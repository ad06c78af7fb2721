import { LinkActionPage } from '../../../components/layouts/link-action-page';
import { useUnsubscribePlanMutation } from '../api/plan-follow-up.api';
import { PlanTexts as T } from '../texts';

/** The plan mails' visible way out (docs/product/rules.md#R979). */
export function PlanUnsubscribePage() {
  const [unsubscribe, { isLoading }] = useUnsubscribePlanMutation();
  return (
    <LinkActionPage
      params={['plan', 'token'] as const}
      texts={{ title: T.unsubscribeTitle, text: T.unsubscribeText, button: T.unsubscribeButton, missing: T.answerMissing, failed: T.actionFailed }}
      busy={isLoading}
      act={(link) => unsubscribe(link)}
    />
  );
}
