import { WebRoutes } from '@outils/contracts';
import { EmailChangeConfirm } from '../../../features/account/components/email-change-confirm';
import { OneTimeLinkPage } from '../../../features/account/components/one-time-link-page';

/** /profile/email-confirmed?email=&token= : the link mailed to the new address of an e-mail change (docs/product/rules.md#R761). */
export default function EmailConfirmedPage() {
  return (
    <OneTimeLinkPage
      announce
      confirm={(link) => <EmailChangeConfirm email={link.email} token={link.token} />}
      fallback={{ to: WebRoutes.profile, label: 'Aller à mon profil' }}
    />
  );
}
