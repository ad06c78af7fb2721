import { ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { FolderDetail, FolderWebRoutes } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useFolderDeleteMutation, useFolderKitMutation, useFolderRemoveToolMutation, useFolderShareMutation, useFolderUpdateMutation } from '../api/folders.api';
import { formatBytes, FolderTexts } from '../texts';
import { FolderFormDialog } from './folder-form-dialog';
import styles from './folders.module.css';

export interface FolderHeaderProps {
  folder: FolderDetail;
  isAdmin: boolean;
  /** 'Télécharger le dossier (ZIP)': the download popup, composed by the page. */
  downloadButton: ReactNode;
}

/**
 * A folder's page head (docs/product/rules.md#R506, #R510, #R540): name, description, count and
 * total size, the ZIP download, rename/delete, the public link (share, copy, revoke) and, for an
 * admin, the kit mark.
 */
export function FolderHeader({ folder, isAdmin, downloadButton }: FolderHeaderProps) {
  const navigate = useNavigate();
  const [update, { isLoading: isUpdating }] = useFolderUpdateMutation();
  const [remove, { isLoading: isDeleting }] = useFolderDeleteMutation();
  const [share, { isLoading: isSharing }] = useFolderShareMutation();
  const [kit] = useFolderKitMutation();
  const [removeTool] = useFolderRemoveToolMutation();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [copied, setCopied] = useState(false);
  const shareUrl = folder.shareToken ? `${window.location.origin}${FolderWebRoutes.shared(folder.shareToken)}` : null;
  const present = folder.items.filter((item) => item.tool !== null).length;
  const missing = folder.items.length - present;

  return (
    <header>
      <h1 id="dossier-titre" tabIndex={-1}>{folder.name}</h1>
      {folder.description ? <p>{folder.description}</p> : null}
      <p className={styles.meta}>
        {FolderTexts.toolCount(present)} · {FolderTexts.totalSize} : {formatBytes(folder.totalSize)}
      </p>
      <div className={styles.actions}>
        {present > 0 ? downloadButton : null}
        <Button variant="secondary" onClick={() => setRenaming(true)}>{FolderTexts.rename}</Button>
        <Button variant="danger" onClick={() => setDeleting(true)}>{FolderTexts.delete}</Button>
      </div>
      {missing > 0 ? (
        <p className={styles.meta}>
          <Button variant="ghost" size="small" onClick={() => removeTool({ id: folder.id, toolId: 0 })}>{FolderTexts.removeMissing}</Button>
        </p>
      ) : null}

      <section className={styles.panel} aria-labelledby="partage-titre">
        <h2 id="partage-titre">Partage</h2>
        {shareUrl ? (
          <>
            <p>{FolderTexts.shareIntro}</p>
            <label htmlFor="lien-partage">Lien public du dossier</label>
            <div className={styles.actions}>
              <input id="lien-partage" className={styles.shareLink} readOnly value={shareUrl} onFocus={(e) => e.target.select()} />
              <Button
                variant="secondary"
                size="small"
                onClick={() => {
                  void navigator.clipboard?.writeText(shareUrl).then(() => setCopied(true));
                  setTimeout(() => setCopied(false), 2000);
                }}
              >
                {FolderTexts.copyLink}
              </Button>
              <Button variant="secondary" size="small" busy={isSharing} onClick={() => share({ id: folder.id, share: false })}>{FolderTexts.unshare}</Button>
            </div>
            <span role="status" aria-live="polite">{copied ? FolderTexts.copied : ''}</span>
            {isAdmin ? (
              <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', marginTop: '0.75rem' }}>
                <input type="checkbox" checked={folder.isKit} onChange={(e) => kit({ id: folder.id, isKit: e.target.checked })} />
                {FolderTexts.kit}
              </label>
            ) : null}
          </>
        ) : (
          <>
            <p>Ce dossier est privé : vous seul le voyez.</p>
            <Button variant="secondary" busy={isSharing} onClick={() => share({ id: folder.id, share: true })}>{FolderTexts.share}</Button>
          </>
        )}
      </section>

      <FolderFormDialog
        open={renaming}
        onOpenChange={setRenaming}
        title={FolderTexts.rename}
        initial={{ name: folder.name, description: folder.description ?? '' }}
        busy={isUpdating}
        onSubmit={(values) => update({ id: folder.id, ...values }).unwrap()}
      />
      <Dialog
        alert
        open={deleting}
        onOpenChange={setDeleting}
        title={FolderTexts.deleteTitle}
        description={FolderTexts.deleteText(folder.name)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDeleting(false)}>{FolderTexts.cancel}</Button>
            <Button
              variant="danger"
              busy={isDeleting}
              onClick={async () => {
                await remove(folder.id).unwrap().catch(() => undefined);
                setDeleting(false);
                navigate(FolderWebRoutes.folders);
              }}
            >
              {FolderTexts.delete}
            </Button>
          </>
        }
      />
    </header>
  );
}
