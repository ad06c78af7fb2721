import { ReportsUnsubscribePage } from '../../features/partners/components/reports-unsubscribe-page';

/** /partenaires/rapport/desinscription?partenaire=&jeton= : the monthly report's visible way out (docs/product/rules.md#R1002). */
export default function PartnerReportsUnsubscribePage() {
  return <ReportsUnsubscribePage />;
}
