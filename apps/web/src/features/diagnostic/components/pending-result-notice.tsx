import { useState } from 'react';
import { Link } from 'react-router';
import { DiagnosticWebRoutes } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { useSaveResultMutation } from '../api/diagnostic.api';
import { readPending } from '../storage';
import { DiagnosticTexts as T } from '../texts';
import { PENDING_RESULT_SAVE } from './pending-result-saver';

/** Whether this browser holds a guest's finished diagnostic, as the page opened. */
export function useHadPendingResult(): boolean {
  const [had] = useState(() => readPending() !== null);
  return had;
}

/**
 * On the login page, when this browser holds a diagnostic finished as a guest: before the login,
 * what will become of it; after, whether it was saved to the account (docs/product/rules.md#R733).
 * The saving itself is PendingResultSaver's; this reads its state.
 */
export function PendingResultNotice({ connected }: { connected: boolean }) {
  const had = useHadPendingResult();
  const [, save] = useSaveResultMutation({ fixedCacheKey: PENDING_RESULT_SAVE });
  if (!had) return null;
  if (!connected) return <MessageBox tone="warning">{T.pendingBeforeLogin}</MessageBox>;
  if (save.isSuccess) {
    return (
      <MessageBox tone="success">
        <span>{T.pendingSaved}</span> <Link to={DiagnosticWebRoutes.history}>{T.historyTitle}</Link>
      </MessageBox>
    );
  }
  if (save.isError) {
    const outdated = (save.error as { status?: unknown } | undefined)?.status === 400;
    return <MessageBox tone="warning">{outdated ? T.pendingOutdated : T.pendingRetry}</MessageBox>;
  }
  return <p role="status">{T.pendingSaving}</p>;
}
