import { Button } from '../../../components/ui/button';
import { ExternalLinkIcon } from '../../../components/ui/icons';
import { useAdminQueuesLinkMutation } from '../api/admin-tools.api';

export const QUEUES_LINK_FAILED = "Impossible d’ouvrir les files d’attente pour le moment. Merci de réessayer.";

/** Said to everyone (visible hint, accessible name): where the button leads (docs/product/rules.md#R746). */
export const QUEUES_LINK_HINT = 'ouvre le tableau de bord des files d’attente de l’API dans un nouvel onglet';

/**
 * "Files d'attente": asks the API for a signed single-use link to its queue dashboard and opens
 * it in a new tab, as the button says (icon, tooltip and accessible name). The tab is opened during the click (a tab opened after the answer would be
 * blocked as a pop-up), then sent to the link; without a tab, this one goes there.
 */
export function QueuesLinkButton({ onFailed }: { onFailed: (message: string) => void }) {
  const [createLink, { isLoading }] = useAdminQueuesLinkMutation();

  const onClick = async () => {
    const tab = window.open('', '_blank');
    try {
      const { url } = await createLink().unwrap();
      if (tab && !tab.closed) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    } catch {
      tab?.close();
      onFailed(QUEUES_LINK_FAILED);
    }
  };

  return (
    <Button variant="secondary" onClick={() => void onClick()} busy={isLoading} title={`Files d’attente : ${QUEUES_LINK_HINT}`}>
      Files d’attente
      <span className="visually-hidden"> ({QUEUES_LINK_HINT})</span>
      <ExternalLinkIcon size={16} />
    </Button>
  );
}
