import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField, TextField } from '../../../components/ui/form';
import { EMAIL_INVALID, EMAIL_PATTERN } from '../../auth/utils/email';
import { useNewsletterRegisterMutation } from '../api/newsletter.api';
import styles from './newsletter.module.css';

interface Values {
  email: string;
  consent: boolean;
}

/**
 * The 'Restez cool' dialog: e-mail (required, e-mail pattern), consent box, 'Je m'abonne'.
 * With an empty e-mail the button only closes it; a registration closes it (its errors are
 * ignored, spec §8). Loaded on demand by the popup's timer.
 */
export default function NewsletterDialog({ onClose }: { onClose: () => void }) {
  const [register, { isLoading }] = useNewsletterRegisterMutation();
  const { register: field, handleSubmit, formState } = useForm<Values>({ defaultValues: { email: '', consent: false } });

  const submit = handleSubmit(async ({ email, consent }) => {
    const address = email.trim();
    if (address) await register({ email: address, consent, source: 'popup' }).unwrap().catch(() => undefined);
    onClose();
  });

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Restez cool"
      description="Un nouvel outil chaque mois et des conseils pour digitaliser votre activité, directement dans votre boîte mail. Pas de spam, promis."
    >
      <form onSubmit={submit} noValidate className={styles.popupForm}>
        <TextField
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={formState.errors.email?.message}
          {...field('email', { validate: (v) => !v.trim() || EMAIL_PATTERN.test(v.trim()) || EMAIL_INVALID })}
        />
        <CheckboxField
          label={
            <>
              J’accepte de recevoir la newsletter par e-mail et j’ai lu la{' '}
              <Link to={WebRoutes.privacy} target="_blank">politique de confidentialité</Link>.
            </>
          }
          {...field('consent')}
        />
        <Button type="submit" block busy={isLoading}>Je m’abonne</Button>
      </form>
    </Dialog>
  );
}
