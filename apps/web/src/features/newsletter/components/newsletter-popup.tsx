import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { useOpenDialogCount } from '../../../components/ui/dialog/open-dialogs';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { newsletterChecked, selectIsConnected } from '../../../lib/session';

/** The popup is due 9 seconds after the header loads (docs/product/rules.md#R727). */
export const NEWSLETTER_POPUP_DELAY_MS = 9000;

// The form (react-hook-form, dialog) is only downloaded when the popup is due.
const NewsletterDialog = lazy(() => import('./newsletter-dialog'));

/**
 * The 'Restez cool' popup (docs/product/rules.md#R727): shown 9 s after the header mounts unless the newsletter
 * was already handled (hasCheckedNewsletter is 'true'; an e-mail given in the download popup or
 * the home form counts), the visitor is signed in (a member has the newsletter in their profile),
 * the page is the home page (it shows the same form) or the path contains 'login'. It never
 * opens over another dialog: it waits until none is open. Closing it sets hasCheckedNewsletter.
 */
export function NewsletterPopup() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const checked = useAppSelector((s) => s.session.hasCheckedNewsletter);
  const connected = useAppSelector(selectIsConnected);
  const [elapsed, setElapsed] = useState(false);
  // Once shown, it stays until closed (a registration inside it marks the newsletter handled).
  const [phase, setPhase] = useState<'waiting' | 'shown' | 'closed'>('waiting');
  const otherDialogs = useOpenDialogCount();

  useEffect(() => {
    const timer = window.setTimeout(() => setElapsed(true), NEWSLETTER_POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const onHomePage = pathname === WebRoutes.home;
  const due = elapsed && !checked && !connected && !onHomePage && !pathname.includes('login');
  const canOpen = phase === 'waiting' && due && otherDialogs === 0;
  useEffect(() => {
    if (canOpen) setPhase('shown');
  }, [canOpen]);
  if (phase !== 'shown') return null;
  const close = () => {
    setPhase('closed');
    dispatch(newsletterChecked());
  };
  return (
    <Suspense fallback={null}>
      <NewsletterDialog onClose={close} />
    </Suspense>
  );
}
