import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { CONFIRMATION_HINT, ConsentLabel } from '../../../components/consent/consent-label';
import { Button } from '../../../components/ui/button';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsConnected } from '../../../lib/session';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField, EmailField } from '../../../components/ui/form';
import { optionalEmail } from '../../../lib/email';
import styles from './download-dialog.module.css';

export interface DownloadDialogValues {
  email: string;
  consent: boolean;
}

export interface DownloadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  toolName: string;
  busy?: boolean;
  /** The confirm button's text: 'Télécharger l’outil' by default ('Télécharger le dossier' for a folder's ZIP). */
  confirmLabel?: string;
  /** What is downloaded: a folder's ZIP is announced as a folder (docs/product/rules.md#R729). */
  kind?: 'tool' | 'folder';
  onConfirm: (values: DownloadDialogValues) => void | Promise<void>;
}

/** The e-mail popup before a first download: optional e-mail, consent box (docs/product/rules.md#R108). */
export function DownloadDialog({ open, onOpenChange, toolName, busy, onConfirm, confirmLabel = 'Télécharger l’outil', kind = 'tool' }: DownloadDialogProps) {
  const { register, handleSubmit, reset, formState, watch } = useForm<DownloadDialogValues>({ defaultValues: { email: '', consent: false } });
  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  const submit = handleSubmit((values) => onConfirm({ email: values.email.trim(), consent: values.consent }));
  const connected = useAppSelector(selectIsConnected);
  const { pathname, search } = useLocation();

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Télécharger « ${toolName} »`}
      description={`${kind === 'folder' ? 'Votre dossier est prêt !' : 'Votre outil est prêt !'} Laissez-nous votre e-mail si vous souhaitez recevoir nos nouveaux outils et nos conseils. C’est facultatif.`}
    >
      <form onSubmit={submit} noValidate className={styles.form}>
        <EmailField label="Adresse e-mail (facultatif)" error={formState.errors.email?.message} {...register('email', optionalEmail)} />
        <CheckboxField
          label={<ConsentLabel source="download" newTab />}
          {...register('consent')}
        />
        {watch('consent') ? <p className={styles.hint} role="status">{CONFIRMATION_HINT}</p> : null}
        {connected ? null : (
          <p className={styles.member}>
            Vous avez un compte ?{' '}
            <Link to={WebRoutes.login} state={{ from: `${pathname}${search}` }} onClick={() => onOpenChange(false)}>
              Connectez-vous
            </Link>{' '}
            pour retrouver vos outils dans vos favoris.
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>Annuler</Button>
          <Button type="submit" busy={busy}>{confirmLabel}</Button>
        </div>
      </form>
    </Dialog>
  );
}
