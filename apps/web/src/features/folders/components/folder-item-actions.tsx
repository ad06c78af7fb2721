import { Button } from '../../../components/ui/button';
import { useFolderOrderMutation, useFolderRemoveToolMutation } from '../api/folders.api';
import { FolderTexts } from '../texts';

export interface FolderItemActionsProps {
  folderId: string;
  /** The folder's tools in their current order. */
  order: number[];
  tool: { id: number; name: string };
  /** Told what changed, for the page's live region. */
  onAnnounce: (text: string) => void;
}

const buttonId = (action: 'monter' | 'descendre', toolId: number) => `${action}-${toolId}`;

/**
 * Reorder and remove, by keyboard as by mouse (docs/product/rules.md#R507): 'Monter' and
 * 'Descendre' move the tool by one place and keep the focus on the same button of the moved card
 * (or its other button at an end); the new position is announced.
 */
export function FolderItemActions({ folderId, order, tool, onAnnounce }: FolderItemActionsProps) {
  const [reorder, { isLoading }] = useFolderOrderMutation();
  const [remove] = useFolderRemoveToolMutation();
  const index = order.indexOf(tool.id);

  const move = async (delta: -1 | 1) => {
    const next = [...order];
    const target = index + delta;
    if (target < 0 || target >= next.length) return;
    [next[index], next[target]] = [next[target], next[index]];
    try {
      await reorder({ id: folderId, toolIds: next }).unwrap();
      onAnnounce(FolderTexts.moved(tool.name, target + 1, next.length));
      const atEnd = delta < 0 ? target === 0 : target === next.length - 1;
      const focusOn = atEnd ? buttonId(delta < 0 ? 'descendre' : 'monter', tool.id) : buttonId(delta < 0 ? 'monter' : 'descendre', tool.id);
      requestAnimationFrame(() => document.getElementById(focusOn)?.focus());
    } catch {
      onAnnounce(FolderTexts.error);
    }
  };

  return (
    <>
      <Button id={buttonId('monter', tool.id)} variant="secondary" size="small" disabled={index <= 0 || isLoading} onClick={() => move(-1)} aria-label={`${FolderTexts.moveUp} « ${tool.name} »`}>
        ↑ {FolderTexts.moveUp}
      </Button>
      <Button id={buttonId('descendre', tool.id)} variant="secondary" size="small" disabled={index === order.length - 1 || isLoading} onClick={() => move(1)} aria-label={`${FolderTexts.moveDown} « ${tool.name} »`}>
        ↓ {FolderTexts.moveDown}
      </Button>
      <Button
        variant="ghost"
        size="small"
        onClick={async () => {
          await remove({ id: folderId, toolId: tool.id }).unwrap().catch(() => undefined);
          onAnnounce(`« ${tool.name} » retiré du dossier.`);
          document.getElementById('dossier-titre')?.focus();
        }}
        aria-label={`${FolderTexts.remove} : « ${tool.name} »`}
      >
        {FolderTexts.remove}
      </Button>
    </>
  );
}
