import { AlertsUnsubscribePage } from '../../features/update-alerts/components/alerts-unsubscribe-page';

/** /alertes/desinscription?id=&token= : the update digests' visible way out (docs/product/rules.md#R915). */
export default function UpdateAlertsUnsubscribePage() {
  return <AlertsUnsubscribePage />;
}
