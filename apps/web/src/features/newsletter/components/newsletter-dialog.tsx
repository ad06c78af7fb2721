import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CONFIRMATION_HINT, ConsentLabel } from '../../../components/consent/consent-label';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField, EmailField } from '../../../components/ui/form';
import { MessageBox } from '../../../components/ui/message-box';
import { useAppDispatch } from '../../../lib/hooks';
import { newsletterChecked } from '../../../lib/session';
import { requiredEmail } from '../../../lib/email';
import { useNewsletterRegisterMutation } from '../api/newsletter.api';
import { NEWSLETTER_CONSENT_REQUIRED, NEWSLETTER_EMAIL_MISSING, NEWSLETTER_FAILED } from '../texts';
import styles from './newsletter.module.css';

interface Values {
  email: string;
  consent: boolean;
}

/**
 * The 'Restez cool' dialog: e-mail (e-mail pattern), consent box, 'Je m'abonne'. With an empty
 * e-mail the button says what is missing instead of closing the popup for good (closing is the
 * ×, Escape or a click outside, docs/product/rules.md#R728). An e-mail without consent is not sent: the box
 * says why and the address stays typed (nobody is subscribed without consent). A registration
 * thanks the visitor in the dialog. Loaded on demand by the popup's timer.
 */
export default function NewsletterDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [register, { isLoading, isError }] = useNewsletterRegisterMutation();
  const [thanks, setThanks] = useState<string | null>(null);
  const { register: field, handleSubmit, formState } = useForm<Values>({ defaultValues: { email: '', consent: false } });

  const submit = handleSubmit(async ({ email, consent }) => {
    const address = email.trim();
    const reply = await register({ email: address, consent, source: 'popup' }).unwrap().catch(() => null);
    if (!reply) return;
    // The newsletter is handled: no popup on the next pages, even before this one is closed.
    dispatch(newsletterChecked());
    setThanks(reply.message);
  });

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Restez cool"
      description={
        thanks
          ? undefined
          : 'Un nouvel outil chaque mois et des conseils pour digitaliser votre activité, directement dans votre boîte mail. Pas de spam, promis.'
      }
      actions={thanks ? <Button onClick={onClose}>Continuer la visite</Button> : undefined}
    >
      {thanks ? (
        <MessageBox tone="success">{thanks}</MessageBox>
      ) : (
        <form onSubmit={submit} noValidate className={styles.popupForm}>
          <EmailField required error={formState.errors.email?.message} {...field('email', requiredEmail(NEWSLETTER_EMAIL_MISSING))} />
          <CheckboxField
            label={<ConsentLabel source="popup" newTab />}
            error={formState.errors.consent?.message}
            {...field('consent', {
              validate: (checked, values) => checked || !values.email.trim() || NEWSLETTER_CONSENT_REQUIRED,
            })}
          />
          <p className={styles.hint}>{CONFIRMATION_HINT}</p>
          {isError ? <MessageBox tone="error">{NEWSLETTER_FAILED}</MessageBox> : null}
          <Button type="submit" block busy={isLoading}>Je m’abonne</Button>
        </form>
      )}
    </Dialog>
  );
}
