import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { buttonClassName } from '../../../components/ui/button';
import { FavouriteStar } from '../../../components/ui/star';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsConnected } from '../../../lib/session';
import { useFavoriteCreateMutation, useFavoriteDeleteMutation } from '../api/favourites.api';

// docs/product/rules.md#R725: the guest alert (Radix) arrives with its first opening.
const Dialog = lazy(() => import('../../../components/ui/dialog/dialog').then((m) => ({ default: m.Dialog })));

/** docs/product/rules.md#R112: the guest alert differs between listings/cards and the tool sheet. */
export const GUEST_FAVOURITE_ALERT = {
  listing: 'Psssst, les favoris sont réservés aux abonnés. Pensez à vous connecter ou créez-vous un compte ;)',
  sheet: 'Merci de vous connecter pour enregistrer des favoris.',
} as const;

export interface FavouriteToggleProps {
  toolId: number;
  /** Names the star alone (cards, docs/product/rules.md#R730). */
  toolName?: string;
  isFavorite: boolean;
  /** Where the star is: decides the guest alert's text. */
  context: keyof typeof GUEST_FAVOURITE_ALERT;
  showLabel?: boolean;
  /**
   * Told after a click with the tool id, the previous state (docs/product/rules.md#R110) and the
   * call's end (settled either way), so that a page can follow the server (docs/product/rules.md#R731).
   */
  onToggled?: (toolId: number, wasFavorite: boolean, done: Promise<unknown>) => void;
}

/**
 * The favourite star wired to the API (docs/product/rules.md#R110, #R731): a member's click flips the star at once and
 * sends create (not yet a favourite) or delete (already one); the listing is not reloaded, the
 * sheet is (its `{ Tool, id }` tag is invalidated). A guest gets the alert of #R112 with links
 * to log in or sign up; no call is made for a guest (it could only fail).
 */
export function FavouriteToggle({ toolId, toolName, isFavorite, context, showLabel, onToggled }: FavouriteToggleProps) {
  const connected = useAppSelector(selectIsConnected);
  const [pressed, setPressed] = useState(isFavorite);
  const [guestAlert, setGuestAlert] = useState(false);
  // Mounted from its first opening on, so that it can give the focus back when it closes.
  const [guestAlertUsed, setGuestAlertUsed] = useState(false);
  const [create] = useFavoriteCreateMutation();
  const [remove] = useFavoriteDeleteMutation();
  const { pathname, search } = useLocation();

  // A reloaded sheet (or a new page of the listing) brings the server's state.
  useEffect(() => setPressed(isFavorite), [isFavorite]);

  const toggle = () => {
    if (!connected) {
      setGuestAlertUsed(true);
      setGuestAlert(true);
      return;
    }
    const was = pressed;
    setPressed(!was);
    // Errors are ignored (docs/product/rules.md#R152): the star keeps the state the member chose.
    const done = (was ? remove(toolId) : create(toolId)).unwrap().catch(() => undefined);
    onToggled?.(toolId, was, done);
  };

  return (
    <>
      <FavouriteStar pressed={connected && pressed} onToggle={toggle} showLabel={showLabel} toolName={toolName} />
      {guestAlertUsed ? (
        <Suspense fallback={null}>
          <Dialog
            alert
            open={guestAlert}
            onOpenChange={setGuestAlert}
            title="Favoris réservés aux membres"
            description={GUEST_FAVOURITE_ALERT[context]}
            actions={
              <>
                {/* After the login, back here with this tool added to the favourites (login page). */}
                <Link
                  to={WebRoutes.login}
                  state={{ from: `${pathname}${search}`, favourite: toolId }}
                  className={buttonClassName('secondary')}
                  onClick={() => setGuestAlert(false)}
                >
                  Me connecter
                </Link>
                <Link to={WebRoutes.signup} className={buttonClassName('primary')} onClick={() => setGuestAlert(false)}>
                  Créer mon compte
                </Link>
              </>
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
