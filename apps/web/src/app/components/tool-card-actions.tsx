import type { Tool } from '@outils/contracts';
import { FavouriteToggle } from '../../features/favourites/components/favourite-toggle';
import { AddToFolderMenu } from '../../features/folders/components/add-to-folder-menu';
import { ToolDownloadButton } from './tool-download-button';

/**
 * What every tool card offers, wherever the card is shown (listing, 'Pour vous', a sheet's related
 * tools): download, favourite and 'Ajouter à un dossier' (docs/product/rules.md#R504).
 */
export function ToolCardActions({ tool, onFavouriteToggled }: { tool: Tool; onFavouriteToggled?: (toolId: number, wasFavorite: boolean, done: Promise<unknown>) => void }) {
  return (
    <>
      <ToolDownloadButton tool={tool} />
      <FavouriteToggle toolId={tool.id} toolName={tool.name} isFavorite={tool.isFavorite} context="listing" onToggled={onFavouriteToggled} />
      <AddToFolderMenu tool={tool} />
    </>
  );
}
