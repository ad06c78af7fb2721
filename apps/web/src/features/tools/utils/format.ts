import { frenchSingular, frenchWhole } from './french-format';


/**
 * 'Temps estimé' (stored in hours) as people say it: « 15 min », « 1 heure », « 2 heures »,
 * « 1 h 30 », « 2 h 05 » — never « 0,3 heure » (docs/product/rules.md#R203).
 */
export function formatDuration(hours: number): string {
  const minutes = Math.max(1, Math.round(hours * 60));
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (m === 0) return `${h} ${h === 1 ? 'heure' : 'heures'}`;
  return `${h} h ${String(m).padStart(2, '0')}`;
}

/** « 1 outil », « 32 outils ». */
export function formatToolCount(n: number): string {
  return `${frenchWhole(n)} ${frenchSingular(n) ? 'outil' : 'outils'}`;
}

/** Shown when a tool has no difficulty. */
export const difficultyLabel = (d: string | null) => d ?? 'Non précisée';
