import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FolderIcon } from '../../../components/ui/icons';
import { useFolderAddToolMutation, useFolderCreateMutation, useFolderRemoveToolMutation, useFoldersQuery } from '../api/folders.api';
import { FolderTexts } from '../texts';
import type { AddToFolderMenuProps } from './add-to-folder-menu';
import { FolderFormDialog } from './folder-form-dialog';
import styles from './folders.module.css';


/**
 * A member's 'Ajouter à un dossier' (docs/product/rules.md#R504): a small menu of the member's
 * folders, each ticked when the tool is already in it (choosing a ticked one takes the tool out),
 * and 'Nouveau dossier…', which creates a folder with the tool in it. What happened is announced
 * (aria-live). Loaded apart from the pages' first code (docs/product/rules.md#R725).
 */
export default function MemberFolderMenu({ tool, openAtOnce }: AddToFolderMenuProps & { openAtOnce?: boolean }) {
  const [creating, setCreating] = useState(false);
  const [announce, setAnnounce] = useState('');
  const { data } = useFoldersQuery();
  const [add] = useFolderAddToolMutation();
  const [remove] = useFolderRemoveToolMutation();
  const [create, { isLoading: isCreating }] = useFolderCreateMutation();
  const folders = data?.folders ?? [];

  const toggle = async (folder: { id: string; name: string }, inFolder: boolean) => {
    try {
      if (inFolder) {
        await remove({ id: folder.id, toolId: tool.id }).unwrap();
        setAnnounce(FolderTexts.removedFrom(folder.name));
      } else {
        await add({ id: folder.id, toolId: tool.id }).unwrap();
        setAnnounce(FolderTexts.added(folder.name));
      }
    } catch (caught) {
      setAnnounce((caught as { message?: string }).message ?? FolderTexts.error);
    }
  };

  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={openAtOnce}>
        <DropdownMenu.Trigger asChild>
          <Button variant="secondary" size="small" aria-label={`${FolderTexts.addToFolder} : « ${tool.name} »`}>
            <FolderIcon />
            {FolderTexts.addToFolder}
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.menu} align="start" sideOffset={6}>
            {folders.length > 0 ? <DropdownMenu.Label className={styles.menuLabel}>{FolderTexts.title}</DropdownMenu.Label> : null}
            {folders.map((folder) => {
              const inFolder = folder.toolIds.includes(tool.id);
              return (
                <DropdownMenu.CheckboxItem
                  key={folder.id}
                  className={styles.menuItem}
                  checked={inFolder}
                  onSelect={() => void toggle(folder, inFolder)}
                >
                  <DropdownMenu.ItemIndicator className={styles.menuCheck}>✓</DropdownMenu.ItemIndicator>
                  <span>{folder.name}</span>
                  {inFolder ? <span className="visually-hidden"> ({FolderTexts.inFolder})</span> : null}
                </DropdownMenu.CheckboxItem>
              );
            })}
            {folders.length > 0 ? <DropdownMenu.Separator className={styles.separator} /> : null}
            <DropdownMenu.Item className={styles.menuItem} onSelect={() => setCreating(true)}>
              {FolderTexts.newFolder}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <span className="visually-hidden" role="status" aria-live="polite">{announce}</span>
      <FolderFormDialog
        open={creating}
        onOpenChange={setCreating}
        title={FolderTexts.newFolder.replace('…', '')}
        busy={isCreating}
        onSubmit={async ({ name, description }) => {
          const { folder } = await create({ name, description, toolId: tool.id }).unwrap();
          setAnnounce(FolderTexts.added(folder.name));
        }}
      />
    </>
  );
}
