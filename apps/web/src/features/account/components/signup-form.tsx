import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { CONFIRMATION_HINT, ConsentLabel } from '../../../components/consent/consent-label';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { CheckboxField, splitServerErrors } from '../../../components/ui/form';
import { asApiError, isClientError } from '../../../lib/api-error';
import { useActivitiesQuery, useSignupMutation } from '../api/account.api';
import { AccountFieldMessages, AccountTexts } from '../texts';
import { activityFields, identityFields } from './identity-fields';
import { NewPasswordFields } from './new-password-fields';
import styles from './account-forms.module.css';
import { keptAttribution } from '../../../lib/partner-attribution';

export interface SignupValues {
  lastName: string;
  firstName: string;
  mail: string;
  password: string;
  passwordConfirm: string;
  job: string;
  activityArea: string;
  newsletter: boolean;
  consent: boolean;
}

/** Form order: the first field in error gets the focus. */
const FIELDS = ['lastName', 'firstName', 'mail', 'password', 'passwordConfirm', 'job', 'activityArea', 'newsletter'] as const;
const ALIASES = { email: 'mail', activity_area: 'activityArea' } as const;

/**
 * Sign-up (docs/product/rules.md#R32, #R24, #R27). On success the server gives the url to go to (the
 * confirmation page); its field errors are shown under their fields.
 */
export function SignupForm({ onDone }: { onDone: (url: string) => void }) {
  const [signup] = useSignupMutation();
  const { data: activities } = useActivitiesQuery();
  const [failure, setFailure] = useState<string | string[] | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues>({
    defaultValues: { lastName: '', firstName: '', mail: '', password: '', passwordConfirm: '', job: '', activityArea: 'null', newsletter: false, consent: false },
  });

  const onSubmit = async (values: SignupValues) => {
    setFailure(null);
    try {
      const { url } = await signup({
        lastName: values.lastName.trim(),
        firstName: values.firstName.trim(),
        mail: values.mail.trim(),
        password: values.password,
        passwordConfirm: values.passwordConfirm,
        job: values.job.trim(),
        activityArea: values.activityArea,
        newsletter: values.newsletter ? 1 : 0,
        ...(keptAttribution() ? { partenaire: keptAttribution()! } : {}),
      }).unwrap();
      onDone(url);
    } catch (e) {
      const error = asApiError(e);
      if (error.errors) {
        const { fieldErrors, lines } = splitServerErrors(error.errors, FIELDS, ALIASES);
        fieldErrors.forEach(([field, message], i) => setError(field, { type: 'server', message }, { shouldFocus: i === 0 }));
        if (lines.length) setFailure(lines);
      } else if (isClientError(error) && error.message) {
        setFailure(error.message);
      } else {
        setFailure(AccountTexts.signupFailed);
      }
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Créer un compte">
      <p className={styles.requiredNote}>Les champs marqués d’un astérisque (*) sont obligatoires.</p>
      {identityFields({ register, errors })}
      <NewPasswordFields register={register} errors={errors} password={watch('password')} required />
      {activityFields({ register, errors, activities: activities?.activities })}
      <CheckboxField label={<ConsentLabel source="signup" />} error={errors.newsletter?.message} {...register('newsletter')} />
      {watch('newsletter') ? <p className={styles.fieldsetNote} role="status">{CONFIRMATION_HINT}</p> : null}
      <CheckboxField
        label={
          <>
            Pour m’inscrire, j’accepte expressément les <Link to={WebRoutes.cgu}>Conditions générales d’utilisation</Link> et la{' '}
            <Link to={WebRoutes.privacy}>Politique de confidentialité</Link> *
          </>
        }
        required
        error={errors.consent?.message}
        {...register('consent', { required: AccountFieldMessages.consentRequired })}
      />

      {failure ? <MessageBox tone="error">{failure}</MessageBox> : null}

      <div className={styles.actions}>
        <Link to={WebRoutes.login}>Annuler et revenir en arrière</Link>
        <Button type="submit" busy={isSubmitting}>
          Créer mon compte
        </Button>
      </div>
    </form>
  );
}
