import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { MessageBox } from '../../../components/ui/message-box';
import { PasswordField } from '../../../components/ui/form';
import { asApiError } from '../../../lib/api-error';
import { useUserDeleteMutation } from '../api/account.api';
import { AccountFieldMessages, AccountTexts } from '../texts';
import styles from './account-forms.module.css';

/**
 * Account deletion (docs/product/rules.md#R60): a modal that says it is irreversible, advises
 * downloading files first and asks for the current password.
 */
export function DeleteAccount({ onDeleted }: { onDeleted: () => Promise<void> | void }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const [remove] = useUserDeleteMutation();
  const [failure, setFailure] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ oldPassword: string }>({ defaultValues: { oldPassword: '' } });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset();
      setFailure(null);
      // The shared dialog has no trigger to give the focus back to: do it once it is gone.
      setTimeout(() => opener.current?.focus(), 0);
    }
  };

  const onSubmit = async ({ oldPassword }: { oldPassword: string }) => {
    setFailure(null);
    try {
      const reply = await remove({ oldPassword }).unwrap();
      if (reply.success) {
        await onDeleted();
        return;
      }
      setFailure([AccountTexts.deleteFailed, ...(reply.message ? [reply.message] : [])]);
    } catch (e) {
      const message = asApiError(e).message;
      setFailure([AccountTexts.deleteFailed, ...(message ? [message] : [])]);
    }
  };

  return (
    <section className={styles.danger} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Supprimer mon compte</h2>
      <p>Vos informations et vos favoris seront effacés, et vous ne recevrez plus la newsletter.</p>
      <Button ref={opener} variant="danger" onClick={() => setOpen(true)}>
        Supprimer mon compte
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        alert
        title="Supprimer définitivement votre compte ?"
        description="Attention, cette action est irréversible : votre compte, vos informations et vos favoris seront définitivement supprimés, et votre inscription à la newsletter prendra fin."
      >
        <p>Pensez à télécharger les fichiers dont vous avez besoin avant de supprimer votre compte.</p>
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Supprimer mon compte">
          <PasswordField
            label="Mot de passe actuel"
            autoComplete="current-password"
            required
            error={errors.oldPassword?.message}
            {...register('oldPassword', { required: AccountFieldMessages.deletePasswordRequired })}
          />
          {failure ? <MessageBox tone="error">{failure}</MessageBox> : null}
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Rester un peu
            </Button>
            <Button type="submit" variant="danger" busy={isSubmitting}>
              SUPPRIMER DÉFINITIVEMENT
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
