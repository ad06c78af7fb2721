import { parisLongDate } from '../utils/french-format';

/** French texts of a tool's versions on the sheet (docs/product/rules.md#R907). */
export const formatVersionDate = (iso: string) => parisLongDate(new Date(iso));

export const VersionTexts = {
  versionLine: (number: number, updatedAt: string | null) =>
    updatedAt ? `Version ${number} · mise à jour le ${formatVersionDate(updatedAt)}` : `Version ${number}`,
  whatsNew: 'Quoi de neuf ?',
  historyTitle: 'Historique des versions',
  versionHeading: (number: number, iso: string) => `Version ${number} · ${formatVersionDate(iso)}`,
  restoredFrom: (number: number) => `Retour à la version ${number}`,
  noNote: 'Première version.',
  showAll: (count: number) => `Voir les ${count} versions`,
  showFewer: 'Voir moins de versions',
} as const;
