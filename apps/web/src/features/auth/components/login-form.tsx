import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { Button, buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { EmailField, PasswordField } from '../../../components/ui/form';
import { useAppDispatch } from '../../../lib/hooks';
import { loggedIn } from '../../../lib/session';
import { useLoginMutation } from '../api/auth.api';
import { asApiError } from '../../../lib/api-error';
import { requiredEmail } from '../../../lib/email';
import { ResendActivation } from './resend-activation';
import { SendLoginLink } from './login-link';
import styles from './auth-forms.module.css';

interface LoginValues {
  username: string;
  password: string;
}

type Notice = { kind: 'error'; text: string } | { kind: 'inactive'; text: string; email: string } | { kind: 'paused'; text: string; email: string };

export const LOGIN_FAILED = "Une erreur s’est produite. Vérifiez votre connexion puis réessayez.";

/**
 * Login (docs/product/rules.md#R40, #R31, #R35, #R769): e-mail and password required. A reply with a token opens the
 * session; a reply with only a message (account not activated) shows it with a way to
 * resend the activation mail; an HTTP error shows the server's error text.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const dispatch = useAppDispatch();
  const [login] = useLoginMutation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { username: '', password: '' } });

  const onSubmit = async ({ username, password }: LoginValues) => {
    setNotice(null);
    try {
      const reply = await login({ username: username.trim(), password }).unwrap();
      if ('token' in reply && reply.token && reply.user) {
        dispatch(loggedIn({ email: reply.user, token: reply.token }));
        onLoggedIn();
      } else {
        const text = 'message' in reply && reply.message ? reply.message : LOGIN_FAILED;
        setNotice({ kind: 'inactive', text, email: username.trim() });
      }
    } catch (e) {
      const error = asApiError(e);
      const text = error.error ?? error.message ?? LOGIN_FAILED;
      // Past the account's ceiling of wrong passwords, a link by e-mail instead (docs/product/rules.md#R769).
      setNotice(error.loginLink ? { kind: 'paused', text, email: username.trim() } : { kind: 'error', text });
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Se connecter">
      {notice?.kind === 'error' ? <MessageBox tone="error">{notice.text}</MessageBox> : null}
      {notice?.kind === 'inactive' ? (
        <>
          <MessageBox tone="warning">{notice.text}</MessageBox>
          <ResendActivation email={notice.email}>Renvoyer l’e-mail d’activation</ResendActivation>
        </>
      ) : null}
      {notice?.kind === 'paused' ? (
        <>
          <MessageBox tone="warning">{notice.text}</MessageBox>
          <SendLoginLink email={notice.email} />
        </>
      ) : null}

      <EmailField
        autoComplete="username"
        required
        error={errors.username?.message}
        {...register('username', requiredEmail('Saisissez votre adresse e-mail.'))}
      />
      <PasswordField
        label="Mot de passe"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password', { required: 'Saisissez votre mot de passe.' })}
      />
      <Link to={WebRoutes.passwordForgot}>J’ai oublié mon mot de passe</Link>

      <div className={styles.actions}>
        <Button type="submit" block busy={isSubmitting}>
          SE CONNECTER
        </Button>
      </div>
      <p className={styles.separator}>Pas encore de compte ?</p>
      <Link to={WebRoutes.signup} className={`${buttonClassName('secondary')} ${styles.full}`}>
        Je m’inscris
      </Link>
    </form>
  );
}
