import { useForm } from 'react-hook-form';
import type { NewsletterSource } from '@outils/contracts';
import { ConsentLabel } from '../../../components/consent/consent-label';
import { Button } from '../../../components/ui/button';
import { CheckboxField, EmailField } from '../../../components/ui/form';
import { MessageBox } from '../../../components/ui/message-box';
import { useAppDispatch } from '../../../lib/hooks';
import { newsletterChecked } from '../../../lib/session';
import { requiredEmail } from '../../../lib/email';
import { useNewsletterRegisterMutation } from '../api/newsletter.api';
import { NEWSLETTER_CONSENT_REQUIRED, NEWSLETTER_FAILED } from '../texts';
import styles from './newsletter.module.css';

interface Values {
  email: string;
  consent: boolean;
}

/**
 * The newsletter sign-up form of the home page: a required e-mail and an explicit consent box
 * (a dedicated sign-up form, so consent is required here); posts with its source. A registration
 * counts as the newsletter handled: the 'Restez cool' popup does not ask again.
 */
export function NewsletterForm({ source = 'home' }: { source?: NewsletterSource }) {
  const dispatch = useAppDispatch();
  const [register, { data, isLoading, isError, reset: resetCall }] = useNewsletterRegisterMutation();
  const { register: field, handleSubmit, formState, reset } = useForm<Values>({ defaultValues: { email: '', consent: false } });

  const submit = handleSubmit(async ({ email }) => {
    resetCall();
    const ok = await register({ email: email.trim(), consent: true, source }).unwrap().then(() => true, () => false);
    if (ok) {
      reset();
      dispatch(newsletterChecked());
    }
  });

  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-label="Inscription à la newsletter">
      <div className={styles.row}>
        <EmailField
          label="Votre adresse e-mail"
          placeholder="nom@entreprise.fr"
          required
          error={formState.errors.email?.message}
          {...field('email', requiredEmail('Saisissez votre adresse e-mail.'))}
        />
        <Button type="submit" busy={isLoading} className={styles.submit}>Je m’abonne</Button>
      </div>
      <CheckboxField
        label={<ConsentLabel source="home" />}
        error={formState.errors.consent?.message}
        {...field('consent', { required: NEWSLETTER_CONSENT_REQUIRED })}
      />
      {data ? <MessageBox tone="success">{data.message}</MessageBox> : null}
      {isError ? <MessageBox tone="error">{NEWSLETTER_FAILED}</MessageBox> : null}
    </form>
  );
}
