import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { FiltersResponse, ListingFacets } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { FilterIcon } from '../../../components/ui/icons';
import { SearchTexts } from '../texts';
import { formatToolCount } from '../utils/format';
import styles from './tools.module.css';

export interface FilterSelection {
  categories: number[];
  types: number[];
  difficulties: string[];
  /** docs/product/rules.md#R950: only accessible documents. */
  accessibleOnly?: boolean;
}

export interface ToolFiltersProps {
  /** 'Explorer les outils' or 'Mes outils favoris'. */
  title: string;
  filters: FiltersResponse | undefined;
  selection: FilterSelection;
  onChange: (next: FilterSelection) => void;
  /** The current path without its query: the 'Réinitialiser les filtres' link. */
  resetTo: string;
  /** How many tools the current selection gives (the sheet's 'Voir N outils'); unknown while loading. */
  resultCount?: number;
  /** Each option's count for the search and the other groups (docs/product/rules.md#R606); unknown while loading. */
  facets?: ListingFacets;
}

type Group = Exclude<keyof FilterSelection, 'accessibleOnly'>;

// docs/product/rules.md#R725: the small screens' sheet (Radix) arrives with its first opening.
const loadDialog = () => import('../../../components/ui/dialog/dialog');
const Dialog = lazy(() => loadDialog().then((m) => ({ default: m.Dialog })));

const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

/**
 * The side menu (docs/product/rules.md#R79, #R81, #R70): 'Filtrer par' with the groups 'Sujet', 'Type d'outils' and
 * 'Difficulté' as checkboxes in fieldsets, and 'Réinitialiser les filtres'. Below 900 px the
 * panel opens as a sheet over the list, closed by 'Voir N outils' (the list updates behind it;
 * docs/product/rules.md#R201).
 */
export function ToolFilters({ title, filters, selection, onChange, resetTo, resultCount, facets }: ToolFiltersProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  // Mounted from its first opening on, so that it can give the focus back when it closes.
  const [sheetUsed, setSheetUsed] = useState(false);
  const activeCount = selection.categories.length + selection.types.length + selection.difficulties.length + (selection.accessibleOnly ? 1 : 0);

  return (
    <aside className={styles.side} aria-labelledby="menu-outils-titre">
      <h2 id="menu-outils-titre" className={styles.sideTitle}>{title}</h2>
      <button type="button" className={styles.filterToggle} aria-haspopup="dialog"
        onClick={() => {
          setSheetUsed(true);
          setSheetOpen(true);
        }}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
      >
        <FilterIcon />
        Filtrer les outils
        {activeCount ? (
          <span className={styles.filterCount}>
            {activeCount}
            <span className="visually-hidden"> {activeCount > 1 ? 'filtres actifs' : 'filtre actif'}</span>
          </span>
        ) : null}
      </button>
      <div className={styles.panel}>
        <h3 className={styles.panelTitle}>Filtrer par</h3>
        <FilterGroups idPrefix="filtre" filters={filters} selection={selection} onChange={onChange} facets={facets} />
        <Link to={resetTo} className={styles.reset}>Réinitialiser les filtres</Link>
      </div>

      {sheetUsed ? (
        <Suspense fallback={null}>
          <Dialog
            variant="sheet"
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            title="Filtrer par"
            actions={
              <>
                <Link to={resetTo} className={styles.reset} onClick={() => setSheetOpen(false)}>Réinitialiser les filtres</Link>
                <Button onClick={() => setSheetOpen(false)}>
                  {resultCount === undefined ? 'Voir les outils' : `Voir ${formatToolCount(resultCount)}`}
                </Button>
              </>
            }
          >
            <FilterGroups idPrefix="filtre-mobile" filters={filters} selection={selection} onChange={onChange} facets={facets} />
          </Dialog>
        </Suspense>
      ) : null}
    </aside>
  );
}

function FilterGroups({
  idPrefix,
  filters,
  selection,
  onChange,
  facets,
}: Pick<ToolFiltersProps, 'filters' | 'selection' | 'onChange' | 'facets'> & { idPrefix: string }) {
  const groups: { key: Group; legend: string; items: { id: number | string; name: string }[] }[] = [
    { key: 'categories', legend: 'Sujet', items: filters?.categories ?? [] },
    { key: 'types', legend: 'Type d’outils', items: filters?.types ?? [] },
    { key: 'difficulties', legend: 'Difficulté', items: filters?.difficulties ?? [] },
  ];

  const change = (key: Group, value: number | string) => {
    const next = { ...selection };
    if (key === 'difficulties') next.difficulties = toggle(selection.difficulties, String(value));
    else next[key] = toggle(selection[key], Number(value));
    onChange(next);
  };

  return (
    <>
      {groups.map((group) => (
        <fieldset key={group.key} className={styles.group}>
          <legend>{group.legend}</legend>
          {group.items.map((item) => {
            const id = `${idPrefix}-${group.key}-${item.id}`;
            const checked = (selection[group.key] as (number | string)[]).includes(group.key === 'difficulties' ? String(item.id) : Number(item.id));
            // docs/product/rules.md#R606: an option that would give no tool stays listed, disabled (unless ticked).
            const count = facets ? ((facets[group.key] as Array<{ id: number | string; count: number }>).find((f) => f.id === item.id)?.count ?? 0) : undefined;
            return (
              <div key={item.id} className={count === 0 && !checked ? `${styles.option} ${styles.optionEmpty}` : styles.option}>
                <input id={id} type="checkbox" checked={checked} disabled={count === 0 && !checked} onChange={() => change(group.key, item.id)} />
                <label htmlFor={id}>
                  {item.name}
                  {count !== undefined ? <span className={styles.optionCount}> {SearchTexts.optionCount(count)}</span> : null}
                </label>
              </div>
            );
          })}
        </fieldset>
      ))}
      <AccessibleFilter idPrefix={idPrefix} selection={selection} onChange={onChange} facets={facets} />
    </>
  );
}

/**
 * docs/product/rules.md#R950: « Documents accessibles » with its count (the selection's tools
 * whose document is accessible), disabled when it would give none, unless ticked.
 */
function AccessibleFilter({ idPrefix, selection, onChange, facets }: Pick<ToolFiltersProps, 'selection' | 'onChange' | 'facets'> & { idPrefix: string }) {
  const id = `${idPrefix}-documents-accessibles`;
  const checked = selection.accessibleOnly === true;
  const count = facets?.accessible;
  return (
    <fieldset className={styles.group}>
      <legend>{SearchTexts.accessibleLegend}</legend>
      <div className={count === 0 && !checked ? `${styles.option} ${styles.optionEmpty}` : styles.option}>
        <input id={id} type="checkbox" checked={checked} disabled={count === 0 && !checked} onChange={() => onChange({ ...selection, accessibleOnly: !checked })} />
        <label htmlFor={id}>
          {SearchTexts.accessibleOption}
          {count !== undefined ? <span className={styles.optionCount}> {SearchTexts.optionCount(count)}</span> : null}
        </label>
      </div>
    </fieldset>
  );
}
