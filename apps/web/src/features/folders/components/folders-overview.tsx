import { useState } from 'react';
import { Link } from 'react-router';
import { FolderLimits, FolderSummary, FolderWebRoutes } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useFolderCreateMutation, useFolderDeleteMutation, useFoldersQuery, useFolderUpdateMutation } from '../api/folders.api';
import { FolderTexts } from '../texts';
import { FolderFormDialog } from './folder-form-dialog';
import styles from './folders.module.css';

/** 'Mes dossiers' (docs/product/rules.md#R500–R502): the member's folders, to create, rename, delete. */
export function FoldersOverview() {
  const { data, isLoading } = useFoldersQuery();
  const [create, { isLoading: isCreating }] = useFolderCreateMutation();
  const [update, { isLoading: isUpdating }] = useFolderUpdateMutation();
  const [remove, { isLoading: isDeleting }] = useFolderDeleteMutation();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<FolderSummary | null>(null);
  const [deleting, setDeleting] = useState<FolderSummary | null>(null);
  const [announce, setAnnounce] = useState('');
  const folders = data?.folders ?? [];

  return (
    <div className={styles.page}>
      {/* docs/product/rules.md#R732: each page has its own title. */}
      <title>{FolderTexts.documentTitle(FolderTexts.title)}</title>
      <h1 id="dossiers-titre" tabIndex={-1}>{FolderTexts.title}</h1>
      <p>{FolderTexts.intro}</p>
      <p className={styles.meta}>
        {folders.length} / {FolderLimits.foldersPerMember} dossiers, {FolderLimits.toolsPerFolder} outils au plus par dossier.
      </p>
      <Button onClick={() => setCreating(true)} disabled={folders.length >= FolderLimits.foldersPerMember}>{FolderTexts.create}</Button>
      <span className="visually-hidden" role="status" aria-live="polite">{announce}</span>
      {isLoading ? <Spinner /> : null}
      {!isLoading && folders.length === 0 ? <p>{FolderTexts.empty}</p> : null}
      <ul className={styles.list} aria-labelledby="dossiers-titre">
        {folders.map((folder) => (
          <li key={folder.id} className={styles.folderRow}>
            <div>
              <h2><Link to={FolderWebRoutes.folder(folder.id)}>{folder.name}</Link></h2>
              {folder.description ? <p className={styles.meta}>{folder.description}</p> : null}
              <p className={styles.meta}>
                {FolderTexts.toolCount(folder.itemCount)}
                {folder.shareToken ? ' · partagé par lien' : ''}
                {folder.isKit ? ' · kit' : ''}
              </p>
            </div>
            <div className={styles.actions}>
              <Button variant="secondary" size="small" onClick={() => setRenaming(folder)} aria-label={`${FolderTexts.rename} « ${folder.name} »`}>
                {FolderTexts.rename}
              </Button>
              <Button variant="danger" size="small" onClick={() => setDeleting(folder)} aria-label={`${FolderTexts.delete} « ${folder.name} »`}>
                {FolderTexts.delete}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <FolderFormDialog
        open={creating}
        onOpenChange={setCreating}
        title={FolderTexts.create}
        busy={isCreating}
        onSubmit={async (values) => {
          const { folder } = await create(values).unwrap();
          setAnnounce(`Dossier « ${folder.name} » créé.`);
        }}
      />
      <FolderFormDialog
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title={FolderTexts.rename}
        initial={renaming ? { name: renaming.name, description: renaming.description ?? '' } : undefined}
        busy={isUpdating}
        onSubmit={async (values) => {
          if (renaming) await update({ id: renaming.id, ...values }).unwrap();
        }}
      />
      <Dialog
        alert
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={FolderTexts.deleteTitle}
        description={deleting ? FolderTexts.deleteText(deleting.name) : undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>{FolderTexts.cancel}</Button>
            <Button
              variant="danger"
              busy={isDeleting}
              onClick={async () => {
                if (!deleting) return;
                await remove(deleting.id).unwrap().catch(() => undefined);
                setAnnounce(`Dossier « ${deleting.name} » supprimé.`);
                setDeleting(null);
                document.getElementById('dossiers-titre')?.focus();
              }}
            >
              {FolderTexts.delete}
            </Button>
          </>
        }
      />
    </div>
  );
}
