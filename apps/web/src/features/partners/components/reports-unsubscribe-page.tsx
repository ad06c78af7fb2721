import { LinkActionPage } from '../../../components/layouts/link-action-page';
import { useUnsubscribePartnerReportsMutation } from '../api/partners.api';
import { PartnerTexts as T } from '../texts';

/** The visible way out of a partner's monthly report (docs/product/rules.md#R1002). */
export function ReportsUnsubscribePage() {
  const [unsubscribe, { isLoading }] = useUnsubscribePartnerReportsMutation();
  return (
    <LinkActionPage
      params={['partenaire', 'jeton'] as const}
      texts={{ title: T.unsubscribeTitle, text: T.unsubscribeText, button: T.unsubscribeButton, missing: T.unsubscribeMissing, failed: T.unsubscribeFailed }}
      busy={isLoading}
      act={(link) => unsubscribe(link)}
    />
  );
}
