import { PasswordForgotForm } from '../../../features/account/components/password-forgot-form';
import { LoginLayout } from '../../../features/auth/components/login-layout';

/** /login/password/forgot */
export default function PasswordForgotPage() {
  return (
    <LoginLayout title="Récupérer votre mot de passe" lead="Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.">
      <PasswordForgotForm />
    </LoginLayout>
  );
}
