import { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { selectIsConnected } from '../../../lib/session';
import { useAppSelector } from '../../../lib/hooks';
import { useUserShowQuery } from '../../../lib/current-user.api';

/**
 * Login guard (favourites and profile, docs/product/rules.md#R68): nothing shows while the check is pending;
 * a user with an e-mail sees the content; anyone else goes to /login, remembering where they
 * came from so that the login page sends them back. Used as a route element (renders the
 * child route) or around a page (renders `children`).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const connected = useAppSelector(selectIsConnected);
  const { data, isLoading, isFetching } = useUserShowQuery(undefined, { skip: !connected });
  if (connected && (isLoading || isFetching) && !data) return null;
  if (connected && data?.userData.email) return <>{children ?? <Outlet />}</>;
  // `guarded`: the login page says why it is asked (docs/product/rules.md#R726).
  return <Navigate to={WebRoutes.login} replace state={{ from: `${location.pathname}${location.search}`, guarded: true }} />;
}
