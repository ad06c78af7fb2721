import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { DiagnosticWebRoutes, FolderWebRoutes, PersonalDataWebRoutes, WebRoutes } from '@outils/contracts';
import { useUserShowQuery } from '../../lib/current-user.api';
import { useAppSelector } from '../../lib/hooks';
import { selectIsConnected } from '../../lib/session';
import { buttonClassName } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { ChevronDownIcon, CompassIcon, DownloadIcon, FolderIcon, LoginIcon, LogoutIcon, ShieldIcon, SparkIcon, StarIcon, UserIcon, UserPlusIcon } from '../ui/icons';
import { Logo } from './logo';
import styles from './header.module.css';

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink);

/**
 * The header of every page (docs/product/rules.md#R191, #R113): logo, 'Explorer les outils', 'Mes favoris' (a guest gets
 * the guest modal, whose action goes to /login/signup), and the 'Mon espace' menu with
 * 'Se connecter' and 'Créer un compte' (guests), 'Mon profil', 'Admin' (admins) and
 * 'Déconnexion' (logged in), which calls `onLogout` (the auth feature's, given by the layout).
 */
export function Header({ onLogout: logout }: { onLogout: () => Promise<unknown> }) {
  const connected = useAppSelector(selectIsConnected);
  const { data: me } = useUserShowQuery(undefined, { skip: !connected });
  const [guestModal, setGuestModal] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  const onLogout = async () => {
    await logout();
    navigate(WebRoutes.home); // the header's logout goes to / (docs/product/rules.md#R39)
  };

  return (
    <header className={styles.header}>
      <a href="#contenu" className={styles.skip}>Aller au contenu</a>
      <div className={styles.inner}>
        <Link to={WebRoutes.home} className={styles.logo} aria-label="Outils, retour à l’accueil">
          <Logo />
        </Link>
        <nav aria-label="Navigation principale" className={styles.nav}>
          <NavLink to={WebRoutes.tools} end className={navClass}>
            <CompassIcon />
            <span>Explorer les outils</span>
          </NavLink>
          {/* docs/product/rules.md#R560: 'Pour vous', for guests too (the month's most downloaded). */}
          <NavLink to={DiagnosticWebRoutes.forYou} className={navClass}>
            <SparkIcon />
            <span>Pour vous</span>
          </NavLink>
          {connected ? (
            <NavLink to={WebRoutes.favorites} className={navClass}>
              <StarIcon />
              <span>Mes favoris</span>
            </NavLink>
          ) : (
            <button type="button" className={styles.navLink} onClick={() => setGuestModal(true)}>
              <StarIcon />
              <span>Mes favoris</span>
            </button>
          )}
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger className={`${styles.navLink} ${styles.account}`}>
              <UserIcon />
              <span>Mon espace</span>
              <ChevronDownIcon size={16} />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content className={styles.menu} align="end" sideOffset={8}>
                {connected && me?.userData.email ? (
                  <DropdownMenu.Label className={styles.menuLabel}>{me.userData.email}</DropdownMenu.Label>
                ) : null}
                {!connected ? (
                  <>
                    <DropdownMenu.Item asChild className={styles.menuItem}>
                      <Link to={WebRoutes.login} state={{ from: `${location.pathname}${location.search}` }}>
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
                {connected && me?.userData.isAdmin ? (
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
        </nav>
      </div>

      <Dialog
        alert
        open={guestModal}
        onOpenChange={setGuestModal}
        title="Vos favoris vous attendent"
        description="Créez votre compte gratuit pour mettre des outils de côté et les retrouver ici à tout moment."
        actions={
          <>
            <Link to={WebRoutes.login} className={buttonClassName('secondary')} onClick={() => setGuestModal(false)}>
              J’ai déjà un compte
            </Link>
            <Link to={WebRoutes.signup} className={buttonClassName('primary')} onClick={() => setGuestModal(false)}>
              Créer mon compte
            </Link>
          </>
        }
      />
    </header>
  );
}
