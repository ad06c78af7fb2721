import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { PasswordResetForm } from '../../../features/account/components/password-reset-form';
import { useOneTimeLink } from '../../../features/account/hooks/use-one-time-link';
import { AccountTexts } from '../../../features/account/texts';
import { LoginLayout } from '../../../features/auth/components/login-layout';

/** /login/password/reset?email=&token= */
export default function PasswordResetPage() {
  const { email, token } = useOneTimeLink();
  return (
    <LoginLayout title="Ré-initialiser votre mot de passe" lead={email && token ? `Choisissez un nouveau mot de passe pour le compte ${email}.` : undefined}>
      {email && token ? (
        <PasswordResetForm email={email} token={token} />
      ) : (
        <>
          <MessageBox tone="error">{AccountTexts.linkParamsMissing}</MessageBox>
          <Link to={WebRoutes.passwordForgot}>Recevoir un nouveau lien</Link>
        </>
      )}
    </LoginLayout>
  );
}
