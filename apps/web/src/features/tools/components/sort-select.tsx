import type { ListingSort } from '@outils/contracts';
import { SearchTexts } from '../texts';
import styles from './active-filters.module.css';

/**
 * 'Trier par' (docs/product/rules.md#R605): 'Pertinence' only while searching (and then the
 * default), otherwise 'Plus récents' by default.
 */
export function SortSelect({ value, searching, onChange }: { value: ListingSort | undefined; searching: boolean; onChange: (sort: ListingSort | undefined) => void }) {
  const options: ListingSort[] = searching ? ['relevance', 'recent', 'popular', 'shortest'] : ['recent', 'popular', 'shortest'];
  const fallback: ListingSort = searching ? 'relevance' : 'recent';
  const current = value && options.includes(value) ? value : fallback;
  return (
    <div className={styles.sort}>
      <label htmlFor="tri-outils">{SearchTexts.sortLabel}</label>
      <select id="tri-outils" value={current} onChange={(e) => onChange(e.target.value === fallback ? undefined : (e.target.value as ListingSort))}>
        {options.map((sort) => (
          <option key={sort} value={sort}>{SearchTexts.sorts[sort]}</option>
        ))}
      </select>
    </div>
  );
}
