import { useCallback } from 'react';
import { api } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { loggedOut } from '../../../lib/session';
import { useLogoutMutation } from '../api/auth.api';

/**
 * Logout (docs/product/rules.md#R38): revoke the token on the server, then clear the session and every
 * cached answer made with it, whatever the server said (an expired token is still a logout).
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const [logout, state] = useLogoutMutation();
  const run = useCallback(async () => {
    try {
      await logout().unwrap();
    } catch {
      // Ignored on purpose: the browser forgets the session anyway.
    }
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
  }, [dispatch, logout]);
  return [run, state] as const;
}
