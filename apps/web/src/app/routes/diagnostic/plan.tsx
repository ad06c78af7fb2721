import { ContentPage } from '../../../components/layouts/content-page';
import { MyPlan } from '../../../features/plan-follow-up/components/my-plan';
import { PlanTexts as T } from '../../../features/plan-follow-up/texts';
import { useAppSelector } from '../../../lib/hooks';

/** /diagnostic/mon-plan (members, docs/product/rules.md#R977): the followed plan. */
export default function MyPlanPage() {
  const email = useAppSelector((s) => s.session.email);
  return (
    <ContentPage title={T.title} documentTitle={`${T.title} — Outils`} description={T.intro} intro={<p>{T.intro}</p>}>
      <MyPlan email={email} />
    </ContentPage>
  );
}
