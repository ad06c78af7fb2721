import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { DiagnosticWebRoutes, FolderWebRoutes, PersonalDataWebRoutes, PlanWebRoutes, WebRoutes } from '@outils/contracts';
import { DownloadIcon, FolderIcon, GaugeIcon, LoginIcon, LogoutIcon, ShieldIcon, UserIcon, UserPlusIcon } from '../ui/icons';
import { AccountMenuButtonContent } from './account-menu-button';
import styles from './header.module.css';

/** How the visitor asked for the menu before its code had arrived (docs/product/rules.md#R432). */
export type MenuIntent = 'focus' | 'pointer' | 'keyboard' | null;

export interface AccountMenuProps {
  connected: boolean;
  email?: string;
  isAdmin?: boolean;
  /** Where 'Se connecter' brings the visitor back to. */
  from: string;
  onLogout: () => void;
  intent: MenuIntent;
}

/**
 * The 'Mon espace' menu (docs/product/rules.md#R191): 'Se connecter' and 'Créer un compte' (guests),
 * 'Mes dossiers', 'Mes diagnostics', 'Mon plan', 'Mes téléchargements', 'Mon profil', 'Admin' (admins) and 'Déconnexion' (logged in). Loaded on demand by
 * the header; when it replaces the header's stand-in button it takes over that button's focus and,
 * if the visitor already pressed it, opens as the press asked (first item focused from the keyboard).
 */
export default function AccountMenu({ connected, email, isAdmin, from, onLogout, intent }: AccountMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = trigger.current;
    // The stand-in button had the focus and is gone: its successor takes it (never taken from elsewhere).
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!button || !intent || !lost) return;
    button.focus({ preventScroll: true });
    // A key pressed before the code arrived is replayed as Radix's own opening key: the menu opens
    // with its first item focused, exactly as if the code had been there.
    if (intent === 'keyboard') button.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    // Only the press that loaded the menu counts; later opens are Radix's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <DropdownMenu.Root modal={false} defaultOpen={intent === 'pointer'}>
      <DropdownMenu.Trigger ref={trigger} className={`${styles.navLink} ${styles.account}`}>
        <AccountMenuButtonContent />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.menu}
          align="end"
          sideOffset={8}
        >
          {connected && email ? <DropdownMenu.Label className={styles.menuLabel}>{email}</DropdownMenu.Label> : null}
          {!connected ? (
            <>
              <DropdownMenu.Item asChild className={styles.menuItem}>
                <Link to={WebRoutes.login} state={{ from }}>
                  <LoginIcon />
                  Se connecter
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={styles.menuItem}>
                <Link to={WebRoutes.signup}>
                  <UserPlusIcon />
                  Créer un compte
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Separator className={styles.separator} />
            </>
          ) : null}
          {connected ? (
            <DropdownMenu.Item asChild className={styles.menuItem}>
              {/* docs/product/rules.md#R500: the member's download folders. */}
              <Link to={FolderWebRoutes.folders}>
                <FolderIcon />
                Mes dossiers
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {connected ? (
            <DropdownMenu.Item asChild className={styles.menuItem}>
              {/* docs/product/rules.md#R733: the member's diagnostic results. */}
              <Link to={DiagnosticWebRoutes.history}>
                <GaugeIcon />
                Mes diagnostics
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {connected ? (
            <DropdownMenu.Item asChild className={styles.menuItem}>
              {/* docs/product/rules.md#R977: the member's followed plan. */}
              <Link to={PlanWebRoutes.mine}>
                <GaugeIcon />
                Mon plan
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {connected ? (
            <DropdownMenu.Item asChild className={styles.menuItem}>
              {/* docs/product/rules.md#R470: the member's download history and data. */}
              <Link to={PersonalDataWebRoutes.myDownloads}>
                <DownloadIcon />
                Mes téléchargements
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item asChild className={styles.menuItem}>
            <Link to={connected ? WebRoutes.profile : WebRoutes.login}>
              <UserIcon />
              Mon profil
            </Link>
          </DropdownMenu.Item>
          {connected && isAdmin ? (
            <DropdownMenu.Item asChild className={styles.menuItem}>
              <Link to={WebRoutes.admin}>
                <ShieldIcon />
                Admin
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {connected ? (
            <>
              <DropdownMenu.Separator className={styles.separator} />
              <DropdownMenu.Item className={styles.menuItem} onSelect={onLogout}>
                <LogoutIcon />
                Déconnexion
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
