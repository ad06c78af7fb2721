import { Link } from 'react-router';
import type { FiltersResponse } from '@outils/contracts';
import { SearchTexts } from '../texts';
import { formatToolCount } from '../utils/format';
import type { FilterSelection } from './tool-filters';
import styles from './active-filters.module.css';

export interface ActiveFiltersProps {
  filters: FiltersResponse | undefined;
  selection: FilterSelection;
  q: string;
  /** Tools found; unknown while loading. */
  total: number | undefined;
  onChange: (next: FilterSelection) => void;
  onClearSearch: () => void;
  /** The listing without filters or search ('Tout effacer'). */
  resetTo: string;
}

const GROUP_LABELS = { categories: 'Sujet', types: 'Type d’outils', difficulties: 'Difficulté' } as const;

/**
 * Above the results (docs/product/rules.md#R607): the total ('14 outils', '1 outil') and every
 * active filter and the search as a chip whose button removes it; 'Tout effacer' when there are several.
 */
export function ActiveFilters({ filters, selection, q, total, onChange, onClearSearch, resetTo }: ActiveFiltersProps) {
  const chips: Array<{ key: string; group: string; name: string; remove: () => void }> = [];
  (['categories', 'types', 'difficulties'] as const).forEach((group) => {
    for (const value of selection[group] as Array<number | string>) {
      const name = (filters?.[group] as Array<{ id: number | string; name: string }> | undefined)?.find((item) => item.id === value)?.name ?? String(value);
      chips.push({
        key: `${group}-${value}`,
        group: GROUP_LABELS[group],
        name,
        remove: () => onChange({ ...selection, [group]: (selection[group] as Array<number | string>).filter((v) => v !== value) }),
      });
    }
  });

  if (selection.accessibleOnly) {
    chips.push({ key: 'documents-accessibles', group: SearchTexts.accessibleLegend, name: SearchTexts.accessibleOption, remove: () => onChange({ ...selection, accessibleOnly: false }) });
  }

  return (
    <div className={styles.bar}>
      <p className={styles.total} role="status">
        {total === undefined ? null : <span className={styles.count}>{formatToolCount(total)}</span>}
        {total !== undefined && q ? <> pour « {q} »</> : null}
      </p>
      {chips.length || q ? (
        <ul className={styles.chips} aria-label={SearchTexts.activeFilters}>
          {q ? (
            <li>
              <button type="button" className={styles.chip} onClick={onClearSearch} aria-label={SearchTexts.removeSearch(q)}>
                « {q} » <span aria-hidden="true">×</span>
              </button>
            </li>
          ) : null}
          {chips.map((chip) => (
            <li key={chip.key}>
              <button type="button" className={styles.chip} onClick={chip.remove} aria-label={SearchTexts.removeChip(chip.group, chip.name)}>
                {chip.name} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          {chips.length + (q ? 1 : 0) > 1 ? (
            <li>
              <Link to={resetTo} className={styles.clear}>{SearchTexts.clearAll}</Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
