import { useState } from 'react';
import { Link } from 'react-router';
import { FiltersResponse } from '@outils/contracts';
import { FilterIcon } from '../../../components/ui/icons';
import styles from './tools.module.css';

export interface FilterSelection {
  categories: number[];
  types: number[];
  difficulties: string[];
}

export interface ToolFiltersProps {
  /** 'Explorer les outils' or 'Mes outils favoris'. */
  title: string;
  filters: FiltersResponse | undefined;
  selection: FilterSelection;
  onChange: (next: FilterSelection) => void;
  /** The current path without its query: the 'Réinitialiser les filtres' link. */
  resetTo: string;
}

type Group = keyof FilterSelection;

const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

/**
 * The side menu (spec §2): 'Filtrer par' with the groups 'Sujet', 'Type d'outils' and
 * 'Difficulté' as checkboxes in fieldsets, and 'Réinitialiser les filtres'. On small screens the
 * panel folds behind a button.
 */
export function ToolFilters({ title, filters, selection, onChange, resetTo }: ToolFiltersProps) {
  const [openOnMobile, setOpenOnMobile] = useState(false);
  const activeCount = selection.categories.length + selection.types.length + selection.difficulties.length;
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
    <aside className={styles.side} aria-labelledby="menu-outils-titre">
      <h2 id="menu-outils-titre" className={styles.sideTitle}>{title}</h2>
      <button
        type="button"
        className={styles.filterToggle}
        aria-expanded={openOnMobile}
        aria-controls="panneau-filtres"
        onClick={() => setOpenOnMobile((o) => !o)}
      >
        <FilterIcon />
        {openOnMobile ? 'Masquer les filtres' : 'Afficher les filtres'}
        {activeCount ? <span className={styles.filterCount}>{activeCount}</span> : null}
      </button>
      <div id="panneau-filtres" className={openOnMobile ? `${styles.panel} ${styles.panelOpen}` : styles.panel}>
        <h3 className={styles.panelTitle}>Filtrer par</h3>
        {groups.map((group) => (
          <fieldset key={group.key} className={styles.group}>
            <legend>{group.legend}</legend>
            {group.items.map((item) => {
              const id = `filtre-${group.key}-${item.id}`;
              const checked = (selection[group.key] as (number | string)[]).includes(group.key === 'difficulties' ? String(item.id) : Number(item.id));
              return (
                <div key={item.id} className={styles.option}>
                  <input id={id} type="checkbox" checked={checked} onChange={() => change(group.key, item.id)} />
                  <label htmlFor={id}>{item.name}</label>
                </div>
              );
            })}
          </fieldset>
        ))}
        <Link to={resetTo} className={styles.reset}>Réinitialiser les filtres</Link>
      </div>
    </aside>
  );
}
