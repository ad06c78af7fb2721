const hours = new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 1 });
const count = new Intl.PluralRules('fr-FR');

/** 'Temps estimé' in French: « 2 heures », « 1,5 heure ». */
export const formatDuration = (h: number) => hours.format(h);

/** « 1 outil », « 32 outils ». */
export function formatToolCount(n: number): string {
  return `${new Intl.NumberFormat('fr-FR').format(n)} ${count.select(n) === 'one' ? 'outil' : 'outils'}`;
}

/** Shown when a tool has no difficulty. */
export const difficultyLabel = (d: string | null) => d ?? 'Non précisée';
