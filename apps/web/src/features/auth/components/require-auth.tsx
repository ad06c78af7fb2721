import { Navigate, Outlet, useLocation } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { selectIsConnected } from '../../../lib/session';
import { useAppSelector } from '../../../lib/hooks';
import { useUserShowQuery } from '../api/auth.api';

/**
 * Favourites guard (spec §4): nothing shows while the check is pending; a user with an e-mail
 * sees the content; anyone else goes to /login, remembering where they came from.
 */
export function RequireAuth() {
  const location = useLocation();
  const connected = useAppSelector(selectIsConnected);
  const { data, isLoading, isFetching } = useUserShowQuery(undefined, { skip: !connected });
  if (connected && (isLoading || isFetching) && !data) return null;
  if (connected && data?.userData.email) return <Outlet />;
  return <Navigate to={WebRoutes.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
}
