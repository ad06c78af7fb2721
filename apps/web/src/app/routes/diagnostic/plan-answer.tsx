import { PlanMailAnswerPage } from '../../../features/plan-follow-up/components/plan-mail-answer-page';

/** /diagnostic/plan/reponse?plan&tool&answer&token : a plan mail's answer link (docs/product/rules.md#R980). */
export default function PlanAnswerPage() {
  return <PlanMailAnswerPage />;
}
