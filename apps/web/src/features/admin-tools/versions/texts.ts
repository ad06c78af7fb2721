import { VersionLimits } from '@outils/contracts';

/** French texts of the admin's versions (docs/product/rules.md#R908). */
const longDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });

export const AdminVersionTexts = {
  noteLabel: 'Quoi de neuf ?',
  noteHint: `Ce qui change dans cette version, en ${VersionLimits.noteMaxLength.toLocaleString('fr-FR')} caractères au plus. Les membres qui utilisent l’outil le liront sur la fiche et dans leur alerte.`,
  noteRequired: 'Dites ce qui change dans cette version (« Quoi de neuf ? »).',
  minorLabel: 'Mise à jour mineure (pas d’alerte)',
  minorHint: 'Une coquille corrigée : la version change, mais personne n’est prévenu par e-mail.',
  listTitle: 'Versions du fichier',
  current: 'Version en cours',
  minor: 'mineure',
  versionTitle: (number: number, iso: string) => `Version ${number} · ${longDate.format(new Date(iso))}`,
  downloads: (n: number) => (n > 1 ? `${n} téléchargements` : `${n} téléchargement`),
  noNote: 'Sans note.',
  download: (number: number) => `Télécharger la version ${number}`,
  restore: (number: number) => `Rétablir la version ${number}`,
  failed: 'L’opération n’a pas abouti. Réessayez dans un instant.',
} as const;
