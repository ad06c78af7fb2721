import { ComponentType, KeyboardEvent, lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { DiagnosticWebRoutes, WebRoutes } from '@outils/contracts';
import { useUserShowQuery } from '../../lib/current-user.api';
import { useAppSelector } from '../../lib/hooks';
import { selectIsConnected } from '../../lib/session';
import { buttonClassName } from '../ui/button';
import { CompassIcon, SparkIcon, StarIcon } from '../ui/icons';
import { AccountMenuButtonContent } from './account-menu-button';
import type { AccountMenuProps, MenuIntent } from './account-menu';
import { Logo } from './logo';
import styles from './header.module.css';

// docs/product/rules.md#R432: the menu and the dialog (Radix) are not part of the first screen's code.
const loadAccountMenu = () => import('./account-menu');
const Dialog = lazy(() => import('../ui/dialog/dialog').then((m) => ({ default: m.Dialog })));

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
  // Mounted from its first opening on, so that Radix can give the focus back when it closes.
  const [guestModalUsed, setGuestModalUsed] = useState(false);
  // The menu's code, loaded when the visitor comes near 'Mon espace' (pointer over it, focus, press);
  // the stand-in keeps its place and focus until it arrives, and what the visitor did is replayed.
  const [menu, setMenu] = useState<{ Menu?: ComponentType<AccountMenuProps>; intent: MenuIntent; loading: boolean }>({ intent: null, loading: false });
  const want = (intent: Exclude<MenuIntent, null>) => {
    setMenu((current) => ({ ...current, intent: current.intent === 'keyboard' || current.intent === 'pointer' ? current.intent : intent, loading: true }));
    if (menu.loading) return;
    void loadAccountMenu().then((m) => setMenu((current) => ({ ...current, Menu: m.default })));
  };
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
          {/* docs/product/rules.md#R985: 'Pour vous', for guests too (the month's most downloaded). */}
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
            <button
              type="button"
              className={styles.navLink}
              onClick={() => {
                setGuestModalUsed(true);
                setGuestModal(true);
              }}
            >
              <StarIcon />
              <span>Mes favoris</span>
            </button>
          )}
          {menu.Menu ? (
            <menu.Menu
              connected={connected}
              email={me?.userData.email}
              isAdmin={me?.userData.isAdmin}
              from={`${location.pathname}${location.search}`}
              onLogout={onLogout}
              intent={menu.intent}
            />
          ) : (
            <AccountMenuStandIn onWant={want} />
          )}
        </nav>
      </div>

      {guestModalUsed ? (
        <Suspense fallback={null}>
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
        </Suspense>
      ) : null}
    </header>
  );
}

/**
 * 'Mon espace' until the menu's code has arrived: the same button (look, name, place in the tab
 * order). Coming near it loads the menu; a press is remembered and replayed by the menu
 * (docs/product/rules.md#R432).
 */
function AccountMenuStandIn({ onWant }: { onWant: (intent: Exclude<MenuIntent, null>) => void }) {
  return (
    <button
      type="button"
      className={`${styles.navLink} ${styles.account}`}
      aria-haspopup="menu"
      aria-expanded={false}
      // A pointer over the button only fetches the code: the button stays until it is pressed.
      onPointerEnter={() => void loadAccountMenu()}
      onFocus={() => onWant('focus')}
      onPointerDown={(event) => { if (event.button === 0 && !event.ctrlKey) onWant('pointer'); }}
      onClick={() => onWant('pointer')}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
          event.preventDefault();
          onWant('keyboard');
        }
      }}
    >
      <AccountMenuButtonContent />
    </button>
  );
}
