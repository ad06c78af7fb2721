import type { Tool } from '@outils/contracts';
import { SelectField, TextField } from '../../../components/ui/form';
import { AdminA11yTexts } from '../texts';
import { documentCheckOf, type DocumentCheckFilter } from './document-check';
import styles from './admin-tools.module.css';

export type AdminToolsSort = 'catalogue' | 'name' | 'downloads' | 'recent';

const SORTS: Array<{ value: AdminToolsSort; label: string }> = [
  { value: 'catalogue', label: 'Ordre du catalogue' },
  { value: 'name', label: 'Nom (A à Z)' },
  { value: 'downloads', label: 'Les plus téléchargés' },
  { value: 'recent', label: 'Les plus récents' },
];

/** Lower case, accents folded: « Sécurité » is found by « securite ». */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('fr');

/**
 * The dashboard's tools matching every word of `search` (in the name, the topic or the type),
 * in the chosen order (docs/product/rules.md#R749).
 */
export function searchAndSort(tools: Tool[], search: string, sort: AdminToolsSort, documents: DocumentCheckFilter = 'all'): Tool[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  // docs/product/rules.md#R951: the tools whose document fails its check, passes it, or has no result.
  const checked = documents === 'all' ? tools : tools.filter((tool) => documentCheckOf(tool) === documents);
  const found = words.length === 0
    ? [...checked]
    : checked.filter((tool) => {
      const text = fold(`${tool.name} ${tool.category?.name ?? ''} ${tool.type?.name ?? ''}`);
      return words.every((word) => text.includes(word));
    });
  const when = (tool: Tool) => new Date(tool.publishedAt ?? tool.createdAt).getTime() || 0;
  if (sort === 'name') found.sort((a, b) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }));
  if (sort === 'downloads') found.sort((a, b) => (b.downloadCount ?? 0) - (a.downloadCount ?? 0) || a.name.localeCompare(b.name, 'fr'));
  if (sort === 'recent') found.sort((a, b) => when(b) - when(a) || a.name.localeCompare(b.name, 'fr'));
  return found;
}

/** 'Rechercher un outil', 'Documents' (docs/product/rules.md#R951) and 'Trier par' above the dashboard's table. */
export function AdminToolsToolbar({ search, sort, documents, onSearch, onSort, onDocuments }: {
  search: string;
  sort: AdminToolsSort;
  documents: DocumentCheckFilter;
  onSearch: (search: string) => void;
  onSort: (sort: AdminToolsSort) => void;
  onDocuments: (documents: DocumentCheckFilter) => void;
}) {
  return (
    <div className={styles.toolbar} role="search" aria-label="Rechercher et trier les outils">
      <TextField label="Rechercher un outil" type="search" value={search} maxLength={100} onChange={(e) => onSearch(e.target.value)} />
      <SelectField label={AdminA11yTexts.filter} value={documents} options={[...AdminA11yTexts.filters]} onChange={(e) => onDocuments(e.target.value as DocumentCheckFilter)} />
      <SelectField label="Trier par" value={sort} options={SORTS} onChange={(e) => onSort(e.target.value as AdminToolsSort)} />
    </div>
  );
}
