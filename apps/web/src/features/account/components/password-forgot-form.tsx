import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { EmailField } from '../../../components/ui/form';
import { usePasswordForgotMutation } from '../api/account.api';
import { asApiError } from '../../../lib/api-error';
import { requiredEmail } from '../../../lib/email';
import { AccountFieldMessages, AccountTexts } from '../texts';
import styles from './account-forms.module.css';

/** Forgot password (docs/product/rules.md#R48, #R149): the server's message, or 'Une erreur est survenue'. */
export function PasswordForgotForm() {
  const [send] = usePasswordForgotMutation();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit = async ({ email }: { email: string }) => {
    setResult(null);
    try {
      const { message } = await send({ email: email.trim() }).unwrap();
      setResult({ tone: 'success', text: message });
    } catch (e) {
      setResult({ tone: 'error', text: asApiError(e).message ?? AccountTexts.genericFailed });
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Récupérer votre mot de passe">
      <EmailField        required        error={errors.email?.message}        {...register('email', requiredEmail(AccountFieldMessages.mailRequired))}
      />
      {result ? <MessageBox tone={result.tone}>{result.text}</MessageBox> : null}
      <div className={styles.actions}>
        <Link to={WebRoutes.login}>Revenir à la connexion</Link>
        <Button type="submit" busy={isSubmitting}>
          Envoyer l’e-mail de récupération
        </Button>
      </div>
    </form>
  );
}
