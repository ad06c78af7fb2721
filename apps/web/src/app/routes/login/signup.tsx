import { useNavigate } from 'react-router';
import { SignupForm } from '../../../features/account/components/signup-form';
import { LoginLayout } from '../../../features/auth/components/login-layout';
import { goToServerUrl } from '../../../lib/navigation';
import { UpdateAlertTexts } from '../../../features/update-alerts/texts';

/** /login/signup */
export default function SignupPage() {
  const navigate = useNavigate();
  return (
    <LoginLayout title="Créer un compte" lead="Gratuit, en une minute. Vous recevrez un e-mail pour activer votre compte.">
      <SignupForm onDone={(url) => goToServerUrl(url, navigate)} />
      {/* docs/product/rules.md#R910: said at sign-up, on by default. */}
      <p>{UpdateAlertTexts.signupNotice}</p>
    </LoginLayout>
  );
}
