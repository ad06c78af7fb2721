import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { newsletterChecked, selectIsConnected } from '../../../lib/session';
import { useUserShowQuery } from '../../auth/api/auth.api';

/** Spec §9: the popup appears 9 seconds after the header loads. */
export const NEWSLETTER_POPUP_DELAY_MS = 9000;

// The form (react-hook-form, dialog) is only downloaded when the popup is due.
const NewsletterDialog = lazy(() => import('./newsletter-dialog'));

/**
 * The 'Restez cool' popup (spec §4): shown 9 s after the header mounts unless the newsletter
 * was already handled (hasCheckedNewsletter is 'true'), the member already subscribes, or the
 * path contains 'login'. Closing it sets hasCheckedNewsletter.
 */
export function NewsletterPopup() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const checked = useAppSelector((s) => s.session.hasCheckedNewsletter);
  const connected = useAppSelector(selectIsConnected);
  const { data: me, isFetching } = useUserShowQuery(undefined, { skip: !connected });
  const [elapsed, setElapsed] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setElapsed(true), NEWSLETTER_POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // A member's preference must be known before deciding.
  const userKnown = !connected || (!!me && !isFetching);
  const open = elapsed && !checked && userKnown && !me?.userData.newsletter && !pathname.includes('login');
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterDialog onClose={() => dispatch(newsletterChecked())} />
    </Suspense>
  );
}
