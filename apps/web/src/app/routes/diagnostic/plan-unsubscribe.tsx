import { PlanUnsubscribePage } from '../../../features/plan-follow-up/components/plan-unsubscribe-page';

/** /diagnostic/plan/desinscription?plan&token : the plan mails' visible way out (docs/product/rules.md#R979). */
export default function PlanUnsubscribeRoute() {
  return <PlanUnsubscribePage />;
}
