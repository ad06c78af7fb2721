import { useState } from 'react';
import { CheckboxField } from '../../../components/ui/form';
import { MessageBox } from '../../../components/ui/message-box';
import { useSetUpdateAlertsMutation, useUpdateAlertsQuery } from '../api/update-alerts.api';
import { UpdateAlertTexts } from '../texts';

/**
 * The profile's switch « Me prévenir quand un outil que j'utilise est mis à jour » (docs/product/rules.md#R910):
 * saved as soon as it changes, the outcome said in words.
 */
export function UpdateAlertsSwitch() {
  const { data } = useUpdateAlertsQuery();
  const [save, { isLoading }] = useSetUpdateAlertsMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (!data) return null;
  const change = async (enabled: boolean) => {
    const reply = await save(enabled);
    setOutcome('data' in reply && reply.data ? { tone: 'success', text: reply.data.message ?? '' } : { tone: 'error', text: UpdateAlertTexts.saveFailed });
  };
  return (
    <div>
      <CheckboxField
        label={UpdateAlertTexts.switchLabel}
        aria-describedby="alertes-mise-a-jour-aide"
        checked={data.enabled}
        disabled={isLoading}
        onChange={(event) => void change(event.target.checked)}
      />
      <p id="alertes-mise-a-jour-aide">{UpdateAlertTexts.switchHint}</p>
      <div role="status">{outcome ? <MessageBox tone={outcome.tone}>{outcome.text}</MessageBox> : null}</div>
    </div>
  );
}
