import { Navigate, Outlet } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { selectIsConnected } from '../../../lib/session';
import { useAppSelector } from '../../../lib/hooks';
import { useUserShowQuery } from '../api/auth.api';

/** Admin guard (spec §4): a non-admin, or a visitor without credentials, goes to /notallowed. */
export function RequireAdmin() {
  const connected = useAppSelector(selectIsConnected);
  const { data, isLoading, isFetching } = useUserShowQuery(undefined, { skip: !connected });
  if (connected && (isLoading || isFetching) && !data) return null;
  if (connected && data?.userData.isAdmin) return <Outlet />;
  return <Navigate to={WebRoutes.notAllowed} replace />;
}
