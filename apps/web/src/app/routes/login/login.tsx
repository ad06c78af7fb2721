import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DiagnosticWebRoutes, WebRoutes } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { ConnectedView } from '../../../features/auth/components/connected-view';
import { LoginForm } from '../../../features/auth/components/login-form';
import { LoginLayout } from '../../../features/auth/components/login-layout';
import { guardedPageNotice } from '../../../features/auth/texts';
import { PendingResultNotice, useHadPendingResult } from '../../../features/diagnostic/components/pending-result-notice';
import { safeInternalPath } from '../../../lib/navigation';
import { useFavoriteCreateMutation } from '../../../features/favourites/api/favourites.api';
import { useAppSelector } from '../../../lib/hooks';
import { selectSession } from '../../../lib/session';

/** The redirect after login waits 2000 ms (docs/product/rules.md#R736). */
export const LOGIN_REDIRECT_DELAY_MS = 2000;

/**
 * /login: the connected view, or the login form that sends the visitor back where they came from.
 * A guest who asked for a favourite (the star's alert) gets it added once logged in
 * (docs/product/rules.md#R197).
 */
export default function LoginPage() {
  const { email, token } = useAppSelector(selectSession);
  const location = useLocation();
  const navigate = useNavigate();
  const [redirectTo, setRedirectTo] = useState<string | null>(null);

  const state = location.state as { from?: unknown; notice?: unknown; favourite?: unknown; guarded?: unknown } | null;
  const from = safeInternalPath(state?.from);
  // Sent here by a members' page (the login guard): say why (docs/product/rules.md#R726).
  const guarded = state?.guarded === true && from ? guardedPageNotice(from) : null;
  const hadPendingResult = useHadPendingResult();
  const favourite = typeof state?.favourite === 'number' && Number.isInteger(state.favourite) ? state.favourite : null;
  const [addFavourite] = useFavoriteCreateMutation();
  // A message handed over by another page (the profile after a password change).
  const notice = typeof state?.notice === 'string' ? state.notice : null;
  const connected = !!(email && token);

  useEffect(() => {
    // A logout during the delay cancels the redirect.
    if (!redirectTo || !connected) return;
    const timer = setTimeout(() => void navigate(redirectTo, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, redirectTo, connected]);

  return (
    <LoginLayout
      title={connected ? 'Vous êtes connecté' : 'Connexion'}
      lead={connected ? undefined : 'Connectez-vous pour retrouver vos favoris et votre profil.'}
    >
      {notice && !connected ? <MessageBox tone="success">{notice}</MessageBox> : null}
      {guarded && !connected ? <MessageBox tone="warning">{guarded}</MessageBox> : null}
      {/* docs/product/rules.md#R733: what becomes of a diagnostic made without an account. */}
      <PendingResultNotice connected={connected} />
      {connected ? (
        <ConnectedView email={email} redirecting={!!redirectTo} />
      ) : (
        <LoginForm
          onLoggedIn={() => {
            // Sent with the new session; a failure only leaves the star empty (ignored: docs/product/rules.md#R152).
            if (favourite !== null) addFavourite(favourite).unwrap().catch(() => undefined);
            // With a diagnostic saved at this login and nowhere else to go: to 'Mes diagnostics' (docs/product/rules.md#R733).
            setRedirectTo(from && from !== WebRoutes.login ? from : hadPendingResult ? DiagnosticWebRoutes.history : WebRoutes.profile);
          }}
        />
      )}
    </LoginLayout>
  );
}
