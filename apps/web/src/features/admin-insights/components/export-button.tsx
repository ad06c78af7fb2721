import { useState } from 'react';
import type { ExportKind } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { problemText } from '../problem';
import { useAdminExportLinkMutation } from '../api/admin-insights.api';
import { InsightsTexts as T } from '../texts';

/**
 * Asks for a one-minute export link, then lets the browser open it: the file is streamed by the
 * API straight to the download, whatever its size (docs/product/rules.md#R682, #R683).
 */
export function ExportButton({ kind, from, to, label }: { kind: ExportKind; from: string; to: string; label: string }) {
  const [createLink, { isLoading }] = useAdminExportLinkMutation();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div>
      <Button
        type="button"
        variant="secondary"
        disabled={isLoading}
        onClick={async () => {
          setProblem(null);
          try {
            const { url } = await createLink({ kind, from, to }).unwrap();
            window.location.assign(url);
          } catch (error) {
            setProblem(problemText(error, T.exportFailed));
          }
        }}
      >
        {label}
      </Button>
      {problem ? <MessageBox tone="error">{problem}</MessageBox> : null}
    </div>
  );
}
