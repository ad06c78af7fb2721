import { FoldersOverview } from '../../../features/folders/components/folders-overview';

/** /toolspage/folders: 'Mes dossiers' (docs/product/rules.md#R500). */
export default function FoldersPage() {
  return <FoldersOverview />;
}
