import { publicationStatus, type Tool } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { AdminToolTexts } from '../texts';
import { publicationBadgeText } from '../utils/publication';

/**
 * « Aperçu — non publié » above the sheet of a draft or a scheduled tool, which only admins can
 * open (docs/product/rules.md#R656); nothing for a published tool.
 */
export function PreviewBanner({ tool }: { tool: Pick<Tool, 'publishedAt'> }) {
  if (publicationStatus(tool.publishedAt) === 'published') return null;
  return (
    <MessageBox tone="warning">
      <strong>{AdminToolTexts.previewTitle}</strong> {AdminToolTexts.previewText(publicationBadgeText(tool.publishedAt))}
    </MessageBox>
  );
}
