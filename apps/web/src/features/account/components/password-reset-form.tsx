import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { Button, buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { splitServerErrors } from '../../../components/ui/form';
import { useCheckResetLinkQuery, usePasswordResetMutation } from '../api/account.api';
import { asApiError } from '../../../lib/api-error';
import { AccountTexts } from '../texts';
import { NewPasswordFields } from './new-password-fields';
import styles from './account-forms.module.css';

interface ResetValues {
  password: string;
  passwordConfirm: string;
}

/**
 * Reset password (docs/product/rules.md#R198, #R149) with the e-mail and token of the link. The link is checked when
 * the page opens: a used or expired one offers a new link at once, not a form that can only fail.
 */
export function PasswordResetForm({ email, token }: { email: string; token: string }) {
  const check = useCheckResetLinkQuery({ email, token });
  if (check.isLoading) {
    return (
      <p role="status" aria-live="polite">
        Vérification du lien…
      </p>
    );
  }
  const refused = check.error ? asApiError(check.error) : null;
  // A refusal the server explained (4xx): the link cannot serve. Anything else (a lost
  // connection): the form stays, the reset itself will tell.
  if (refused && typeof refused.status === 'number' && refused.status >= 400 && refused.status < 500) {
    return (
      <>
        <MessageBox tone="error">{refused.message ?? AccountTexts.genericFailed}</MessageBox>
        <Link to={WebRoutes.passwordForgot} className={buttonClassName()}>
          Recevoir un nouveau lien
        </Link>
      </>
    );
  }
  return <ResetForm email={email} token={token} />;
}

function ResetForm({ email, token }: { email: string; token: string }) {
  const [reset] = usePasswordResetMutation();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string | string[] } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ defaultValues: { password: '', passwordConfirm: '' } });

  const onSubmit = async (values: ResetValues) => {
    setResult(null);
    try {
      const { message } = await reset({ ...values, email, token }).unwrap();
      setResult({ tone: 'success', text: message });
    } catch (e) {
      const error = asApiError(e);
      const { fieldErrors, lines } = splitServerErrors(error.errors, ['password', 'passwordConfirm'] as const);
      fieldErrors.forEach(([field, message], i) => setError(field, { type: 'server', message }, { shouldFocus: i === 0 }));
      if (error.message) lines.unshift(error.message);
      if (lines.length || !fieldErrors.length) setResult({ tone: 'error', text: lines.length ? lines : AccountTexts.genericFailed });
    }
  };

  if (result?.tone === 'success') {
    return (
      <>
        <MessageBox tone="success">{result.text}</MessageBox>
        <Link to={WebRoutes.login} className={buttonClassName()}>
          Se connecter
        </Link>
      </>
    );
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Ré-initialiser votre mot de passe">
      <NewPasswordFields
        register={register}
        errors={errors}
        password={watch('password')}
        required
        labels={{ password: 'Nouveau mot de passe', passwordConfirm: 'Confirmation du nouveau mot de passe' }}
      />
      {result ? <MessageBox tone={result.tone}>{result.text}</MessageBox> : null}
      <div className={styles.actions}>
        <Link to={WebRoutes.passwordForgot}>Recevoir un nouveau lien</Link>
        <Button type="submit" busy={isSubmitting}>
          Enregistrer le nouveau mot de passe
        </Button>
      </div>
    </form>
  );
}
