import { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { selectIsConnected } from '../../../lib/session';
import { useAppSelector } from '../../../lib/hooks';
import { useUserShowQuery } from '../../../lib/current-user.api';

/**
 * Admin guard (docs/product/rules.md#R67): nothing shows while the check is pending; a non-admin, or a visitor
 * without credentials, goes to /notallowed (the 403 page).
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const connected = useAppSelector(selectIsConnected);
  const { data, isLoading, isFetching } = useUserShowQuery(undefined, { skip: !connected });
  if (connected && (isLoading || isFetching) && !data) return null;
  if (connected && data?.userData.isAdmin) return <>{children ?? <Outlet />}</>;
  return <Navigate to={WebRoutes.notAllowed} replace />;
}
