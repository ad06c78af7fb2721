/** French messages of the queue dashboard (docs/product/rules.md#R21: 401/403 with a French `{ message }`). */
export const QueuesDashboardMessages = {
  linkInvalid: 'Ce lien d’accès aux files d’attente a expiré ou a déjà servi. Rouvrez-le depuis l’administration.',
  sessionRequired: 'Ouvrez le tableau des files d’attente depuis l’administration (lien « Files d’attente »).',
  pageTitle: 'Files d’attente — Outils',
  opening: 'Ouverture du tableau des files d’attente…',
  openLink: 'Ouvrir le tableau',
} as const;
