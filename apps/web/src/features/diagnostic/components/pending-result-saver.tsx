import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsConnected } from '../../../lib/session';
import { useSaveResultMutation } from '../api/diagnostic.api';
import { readPending, writePending } from '../storage';

/** The saving's state is shared with the login page, which says what became of the result (docs/product/rules.md#R733). */
export const PENDING_RESULT_SAVE = 'diagnostic-pending-result';

/**
 * A diagnostic taken as a guest is saved to the account at the first sign-in in this browser,
 * then forgotten here (docs/product/rules.md#R556). Renders nothing.
 */
export function PendingResultSaver() {
  const connected = useAppSelector(selectIsConnected);
  const [save] = useSaveResultMutation({ fixedCacheKey: PENDING_RESULT_SAVE });
  const saving = useRef(false);
  useEffect(() => {
    const pending = readPending();
    if (!connected || !pending || saving.current) return;
    saving.current = true;
    save(pending)
      .unwrap()
      .then(() => writePending(null))
      // A questionnaire changed since: those answers cannot be saved any more.
      .catch((error: { status?: number }) => { if (error?.status === 400) writePending(null); })
      .finally(() => { saving.current = false; });
  }, [connected, save]);
  return null;
}
