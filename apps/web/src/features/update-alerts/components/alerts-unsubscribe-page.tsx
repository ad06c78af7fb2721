import { LinkActionPage } from '../../../components/layouts/link-action-page';
import { useUnsubscribeUpdateAlertsMutation } from '../api/update-alerts.api';
import { UpdateAlertTexts as T } from '../texts';

/** The visible way out of every update digest (docs/product/rules.md#R915). */
export function AlertsUnsubscribePage() {
  const [unsubscribe, { isLoading }] = useUnsubscribeUpdateAlertsMutation();
  return (
    <LinkActionPage
      params={['id', 'token'] as const}
      texts={{ title: T.unsubscribeTitle, text: T.unsubscribeText, button: T.unsubscribeButton, missing: T.unsubscribeMissing, failed: T.unsubscribeFailed }}
      busy={isLoading}
      act={(link) => unsubscribe(link)}
    />
  );
}
