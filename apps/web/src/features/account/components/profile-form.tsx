import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { UserData } from '@outils/contracts';
import { ConsentLabel } from '../../../components/consent/consent-label';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { CheckboxField, PasswordField, splitServerErrors } from '../../../components/ui/form';
import { asApiError, isClientError } from '../../../lib/api-error';
import { useActivitiesQuery, useUserUpdateMutation } from '../api/account.api';
import { AccountFieldMessages, AccountTexts } from '../texts';
import { activityFields, identityFields } from './identity-fields';
import { NewPasswordFields } from './new-password-fields';
import styles from './account-forms.module.css';

export interface ProfileValues {
  lastName: string;
  firstName: string;
  mail: string;
  job: string;
  activityArea: string;
  newsletter: boolean;
  password: string;
  passwordConfirm: string;
  oldPassword: string;
}

const FIELDS = ['lastName', 'firstName', 'mail', 'job', 'activityArea', 'newsletter', 'password', 'passwordConfirm', 'oldPassword'] as const;
const ALIASES = { email: 'mail', activity_area: 'activityArea' } as const;

export interface ProfileSaved {
  message: string;
  userMail: string;
  passwordChanged: boolean;
}

function valuesFrom(user: UserData): ProfileValues {
  return {
    lastName: user.lastName ?? '',
    firstName: user.firstName ?? '',
    mail: user.email ?? '',
    job: user.job ?? '',
    activityArea: user.activity_area ? String(user.activity_area.id) : 'null',
    newsletter: !!user.newsletter,
    password: '',
    passwordConfirm: '',
    oldPassword: '',
  };
}

/**
 * Profile edit (docs/product/rules.md#R53, #R54, #R57): prefilled from the current user; the current password
 * is asked for only when the e-mail or the password changes. Success shows the server's
 * message; errors show under their fields, or as a detail / list one per line.
 */
export function ProfileForm({ user, onSaved }: { user: UserData; onSaved: (saved: ProfileSaved) => void }) {
  const [update] = useUserUpdateMutation();
  const { data: activities } = useActivitiesQuery();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string | string[] } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    reset,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({ defaultValues: valuesFrom(user) });

  // The user's activity area can only be selected once its option exists.
  useEffect(() => {
    if (activities) setValue('activityArea', getValues('activityArea'));
  }, [activities, getValues, setValue]);

  const sameEmail = (mail: string) => mail.trim().toLowerCase() === user.email.toLowerCase();
  const needsOldPassword = !sameEmail(watch('mail') ?? '') || !!watch('password');

  const onSubmit = async (values: ProfileValues) => {
    setResult(null);
    try {
      const reply = await update({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        job: values.job.trim(),
        mail: values.mail.trim(),
        password: values.password,
        passwordConfirm: values.passwordConfirm,
        newsletter: values.newsletter ? 1 : 0,
        activityArea: values.activityArea,
        oldPassword: values.oldPassword,
      }).unwrap();
      const message = reply.message || 'Vos informations ont bien été enregistrées.';
      setResult({ tone: 'success', text: message });
      // The secrets are not kept once saved; the rest becomes the new starting point.
      reset({ ...values, mail: reply.userMail || values.mail, password: '', passwordConfirm: '', oldPassword: '' });
      onSaved({ message, userMail: reply.userMail, passwordChanged: !!values.password });
    } catch (e) {
      const error = asApiError(e);
      if (error.errors) {
        const { fieldErrors, lines } = splitServerErrors(error.errors, FIELDS, ALIASES);
        fieldErrors.forEach(([field, message], i) => setError(field, { type: 'server', message }, { shouldFocus: i === 0 }));
        if (lines.length) setResult({ tone: 'error', text: lines.length === 1 ? lines[0] : lines });
      } else if (isClientError(error) && error.message) {
        setResult({ tone: 'error', text: error.message });
      } else {
        setResult({ tone: 'error', text: AccountTexts.updateFailed });
      }
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Modifier mon compte">
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Mes informations</legend>
        {identityFields({ register, errors })}
        {activityFields({ register, errors, activities: activities?.activities })}
        <CheckboxField label={<ConsentLabel source="profile" />} error={errors.newsletter?.message} {...register('newsletter')} />
        {/* The switch shows the address's real subscription (docs/product/rules.md#R456). */}
        {user.newsletterStatus === 'pending' && watch('newsletter') ? <p className={styles.fieldsetNote} role="status">{AccountTexts.newsletterPending}</p> : null}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Changer de mot de passe</legend>
        <p className={styles.fieldsetNote}>Laissez ces champs vides pour garder votre mot de passe actuel.</p>
        <NewPasswordFields
          register={register}
          errors={errors}
          password={watch('password')}
          required={false}
          labels={{ password: 'Nouveau mot de passe', passwordConfirm: 'Confirmation du nouveau mot de passe' }}
        />
      </fieldset>

      <PasswordField
        label="Mot de passe actuel"
        hint="Obligatoire pour modifier votre adresse e-mail ou votre mot de passe."
        autoComplete="current-password"
        required={needsOldPassword}
        error={errors.oldPassword?.message}
        {...register('oldPassword', {
          validate: (v, all) => (!sameEmail(all.mail) || !!all.password ? !!v || AccountFieldMessages.oldPasswordRequired : true),
        })}
      />

      {result ? <MessageBox tone={result.tone}>{result.text}</MessageBox> : null}

      <div className={styles.actions}>
        <span />
        <Button type="submit" busy={isSubmitting}>
          Enregistrer les modifications
        </Button>
      </div>
    </form>
  );
}
