import { useCallback } from 'react';
import { useDownloadLinkMutation } from '../api/downloads.api';
import { startDownload } from '../utils/start-download';

/**
 * Fetches a fresh signed link for a tool and opens it as a download (docs/product/rules.md#R729).
 * Resolves to whether the download started: failures are not thrown (the callers decide what to show).
 * `alternative`: the tool's accessible version instead of its file (docs/product/rules.md#R946).
 */
export function useToolDownload() {
  const [getLink, state] = useDownloadLinkMutation();
  const download = useCallback(
    async (tool: { id: number; name: string }, alternative = false) => {
      try {
        const { url } = await getLink(alternative ? { toolId: tool.id, alternative: true } : tool.id).unwrap();
        startDownload(url, tool.name);
        return true;
      } catch {
        return false;
      }
    },
    [getLink],
  );
  return [download, state] as const;
}
