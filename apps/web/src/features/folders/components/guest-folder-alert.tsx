import { Link, useLocation } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { buttonClassName } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FolderTexts } from '../texts';

/** A guest's invitation to create an account, like the favourites' alert (docs/product/rules.md#R505). */
export function GuestFolderAlert({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { pathname, search } = useLocation();
  return (
    <Dialog
      alert
      open={open}
      onOpenChange={onOpenChange}
      title={FolderTexts.guestTitle}
      description={FolderTexts.guestText}
      actions={
        <>
          <Link to={WebRoutes.login} state={{ from: `${pathname}${search}` }} className={buttonClassName('secondary')} onClick={() => onOpenChange(false)}>
            Me connecter
          </Link>
          <Link to={WebRoutes.signup} className={buttonClassName('primary')} onClick={() => onOpenChange(false)}>
            Créer mon compte
          </Link>
        </>
      }
    />
  );
}
