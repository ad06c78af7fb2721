import { FormEvent, useEffect, useState } from 'react';
import { FolderLimits } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/form';
import { asApiError } from '../../../lib/api-error';
import { FolderTexts } from '../texts';

export interface FolderFormValues {
  name: string;
  description: string;
}

export interface FolderFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  initial?: FolderFormValues;
  busy?: boolean;
  /** Rejects with the API's error to show it; resolves once saved (the dialog then closes). */
  onSubmit: (values: FolderFormValues) => Promise<unknown>;
}

/** Create or rename a folder (docs/product/rules.md#R502): a name and an optional short description. */
export function FolderFormDialog({ open, onOpenChange, title, initial, busy, onSubmit }: FolderFormDialogProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [errors, setErrors] = useState<{ name?: string; description?: string; form?: string }>({});

  useEffect(() => {
    if (open) {
      setName(initial?.name ?? '');
      setDescription(initial?.description ?? '');
      setErrors({});
    }
  }, [open, initial?.name, initial?.description]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await onSubmit({ name, description });
      onOpenChange(false);
    } catch (caught) {
      const error = asApiError(caught);
      const fields = error.errors && !Array.isArray(error.errors) && !('detail' in error.errors) ? error.errors : {};
      setErrors({
        name: (fields as Record<string, string[]>).name?.[0],
        description: (fields as Record<string, string[]>).description?.[0],
        form: error.message ?? (Object.keys(fields).length ? undefined : FolderTexts.error),
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form onSubmit={submit} noValidate>
        <TextField
          label={FolderTexts.nameLabel}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={FolderLimits.nameMaxLength}
          required
          error={errors.name}
          autoFocus
        />
        <TextAreaField
          label={FolderTexts.descriptionLabel}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={FolderLimits.descriptionMaxLength}
          rows={3}
          error={errors.description}
        />
        {errors.form ? <p role="alert">{errors.form}</p> : null}
        <div style={{ display: 'flex', gap: '0.75rem', justifyContent: 'flex-end', marginTop: '1rem' }}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>{FolderTexts.cancel}</Button>
          <Button type="submit" busy={busy}>{FolderTexts.save}</Button>
        </div>
      </form>
    </Dialog>
  );
}
