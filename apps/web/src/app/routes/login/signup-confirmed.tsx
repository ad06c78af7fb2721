import { Link, useSearchParams } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { LoginLayout } from '../../../features/auth/components/login-layout';
import { ResendActivation } from '../../../features/auth/components/resend-activation';

/** /login/signup/confirmed?email= : where the confirmation went, and a way to send it again. */
export default function SignupConfirmedPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  return (
    <LoginLayout title="Votre compte a bien été créé !">
      {email ? (
        <>
          <p>
            Un e-mail de confirmation a été envoyé à l’adresse <strong>{email}</strong>. Cliquez sur le lien qu’il contient pour activer votre
            compte (le lien est valable 48 heures).
          </p>
          <ResendActivation email={email} before="Vous n’avez rien reçu ? Vérifiez vos courriers indésirables, ou " after=" pour recevoir un nouvel e-mail.">
            cliquez ici
          </ResendActivation>
        </>
      ) : (
        <p>Un e-mail de confirmation vous a été envoyé. Cliquez sur le lien qu’il contient pour activer votre compte.</p>
      )}
      <p>
        <Link to={WebRoutes.login}>Aller à la page de connexion</Link>
      </p>
    </LoginLayout>
  );
}
