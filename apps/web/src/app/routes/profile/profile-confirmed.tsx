import { WebRoutes } from '@outils/contracts';
import { AccountActivation } from '../../../features/account/components/account-activation';
import { OneTimeLinkPage } from '../../../features/account/components/one-time-link-page';

/** /profile/confirmed?email=&token= : the target of the activation e-mail (docs/product/rules.md#R765, #R34). */
export default function ProfileConfirmedPage() {
  return (
    <OneTimeLinkPage
      confirm={(link) => <AccountActivation email={link.email} token={link.token} />}
      fallback={{ to: WebRoutes.login, label: 'Aller à la page de connexion' }}
    />
  );
}
