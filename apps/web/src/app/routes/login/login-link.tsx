import { WebRoutes } from '@outils/contracts';
import { OneTimeLinkPage } from '../../../features/account/components/one-time-link-page';
import { LoginLinkConfirm } from '../../../features/auth/components/login-link';

/** /login/link?email=&token= : the one-time login link of the e-mail (docs/product/rules.md#R770). */
export default function LoginLinkPage() {
  return (
    <OneTimeLinkPage
      announce
      confirm={(link) => <LoginLinkConfirm email={link.email} token={link.token} />}
      fallback={{ to: WebRoutes.login, label: 'Aller à la page de connexion' }}
    />
  );
}
