import { useFolderDownloadLinkMutation, useSharedFolderDownloadLinkMutation } from '../../features/folders/api/folders.api';
import { FolderTexts } from '../../features/folders/texts';
import { ToolDownloadButton } from './tool-download-button';

/**
 * 'Télécharger le dossier (ZIP)' through the same download popup as a single tool
 * (docs/product/rules.md#R520): a member's own folder by its id, a shared one by its token.
 */
export function FolderDownloadButton({ name, folderId, shareToken }: { name: string; folderId?: string; shareToken?: string }) {
  const [ownLink] = useFolderDownloadLinkMutation();
  const [sharedLink] = useSharedFolderDownloadLinkMutation();
  return (
    <ToolDownloadButton
      tool={{ id: 0, name }}
      label={FolderTexts.download}
      confirmLabel="Télécharger le dossier"
      kind="folder"
      fetchLink={() => (folderId ? ownLink(folderId).unwrap() : sharedLink(shareToken ?? '').unwrap())}
    />
  );
}
