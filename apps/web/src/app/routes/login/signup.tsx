import { useNavigate } from 'react-router';
import { SignupForm } from '../../../features/account/components/signup-form';
import { LoginLayout } from '../../../features/auth/components/login-layout';
import { goToServerUrl } from '../../../lib/navigation';

/** /login/signup */
export default function SignupPage() {
  const navigate = useNavigate();
  return (
    <LoginLayout title="Créer un compte" lead="Gratuit, en une minute. Vous recevrez un e-mail pour activer votre compte.">
      <SignupForm onDone={(url) => goToServerUrl(url, navigate)} />
    </LoginLayout>
  );
}
