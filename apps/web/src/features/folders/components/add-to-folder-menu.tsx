import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FolderIcon } from '../../../components/ui/icons';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsConnected } from '../../../lib/session';
import { FolderTexts } from '../texts';

export interface AddToFolderMenuProps {
  tool: { id: number; name: string };
}

// docs/product/rules.md#R725: the member's menu (Radix) and the guest's alert are not part of the
// pages' first code: the menu's code is fetched as soon as a member's card shows, the alert's at its first opening.
const MemberFolderMenu = lazy(() => import('./member-folder-menu'));
const GuestFolderAlert = lazy(() => import('./guest-folder-alert').then((m) => ({ default: m.GuestFolderAlert })));

/**
 * 'Ajouter à un dossier' (docs/product/rules.md#R504, #R505): a member gets the menu of their
 * folders (member-folder-menu.tsx); a guest gets the invitation to create an account.
 */
export function AddToFolderMenu({ tool }: AddToFolderMenuProps) {
  const connected = useAppSelector(selectIsConnected);
  const [guestAlert, setGuestAlert] = useState(false);
  // Mounted from its first opening on, so that it can give the focus back when it closes.
  const [guestAlertUsed, setGuestAlertUsed] = useState(false);
  // A member's press on the stand-in, before the menu's code arrived, opens the menu once it is there.
  const [pressed, setPressed] = useState(false);
  const label = `${FolderTexts.addToFolder} : « ${tool.name} »`;

  if (!connected) {
    return (
      <>
        <Button
          variant="secondary"
          size="small"
          onClick={() => {
            setGuestAlertUsed(true);
            setGuestAlert(true);
          }}
          aria-label={label}
        >
          <FolderIcon />
          {FolderTexts.addToFolder}
        </Button>
        {guestAlertUsed ? (
          <Suspense fallback={null}>
            <GuestFolderAlert open={guestAlert} onOpenChange={setGuestAlert} />
          </Suspense>
        ) : null}
      </>
    );
  }

  return (
    // The same button keeps the place while the menu's code arrives.
    <Suspense
      fallback={
        <Button variant="secondary" size="small" aria-label={label} aria-haspopup="menu" onClick={() => setPressed(true)}>
          <FolderIcon />
          {FolderTexts.addToFolder}
        </Button>
      }
    >
      <MemberFolderMenu tool={tool} openAtOnce={pressed} />
    </Suspense>
  );
}
