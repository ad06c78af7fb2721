import type { Tool } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

export interface DeleteToolDialogProps {
  tool: Tool | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Confirmer la suppression de « {name} » ?' in an alert dialog (docs/product/rules.md#R750). */
export function DeleteToolDialog({ tool, busy, onConfirm, onCancel }: DeleteToolDialogProps) {
  return (
    <Dialog
      open={!!tool}
      onOpenChange={(open) => (!open && !busy ? onCancel() : undefined)}
      alert
      title={tool ? `Confirmer la suppression de « ${tool.name} » ?` : ''}
      description="L’outil, son fichier et ses images seront supprimés du catalogue. Cette action est irréversible."
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Annuler
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            Supprimer
          </Button>
        </>
      }
    />
  );
}
