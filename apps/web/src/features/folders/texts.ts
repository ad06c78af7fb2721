/** Texts of the download folders (docs/product/rules.md#R500–R549). */
export const FolderTexts = {
  title: 'Mes dossiers',
  /** The browser tab's title of a folders page (docs/product/rules.md#R732). */
  documentTitle: (...parts: string[]) => [...parts, 'Outils'].join(' — '),
  intro: 'Composez vos propres dossiers d’outils et téléchargez chacun d’un seul coup, en un fichier ZIP.',
  empty: 'Vous n’avez pas encore de dossier. Créez-en un, puis ajoutez-y des outils depuis la liste ou la fiche d’un outil.',
  create: 'Créer un dossier',
  newFolder: 'Nouveau dossier…',
  rename: 'Renommer',
  delete: 'Supprimer',
  addToFolder: 'Ajouter à un dossier',
  inFolder: 'Déjà dans ce dossier',
  added: (name: string) => `Ajouté au dossier « ${name} ».`,
  removedFrom: (name: string) => `Retiré du dossier « ${name} ».`,
  moved: (tool: string, position: number, total: number) => `« ${tool} » est maintenant en position ${position} sur ${total}.`,
  moveUp: 'Monter',
  moveDown: 'Descendre',
  remove: 'Retirer du dossier',
  download: 'Télécharger le dossier (ZIP)',
  totalSize: 'Taille totale',
  toolCount: (n: number) => (n <= 1 ? `${n} outil` : `${n} outils`),
  missing: (name: string) => `« ${name} » a été retiré du catalogue : il ne sera pas dans le ZIP.`,
  removeMissing: 'Retirer les outils disparus',
  share: 'Partager le dossier',
  unshare: 'Désactiver le lien',
  shareIntro: 'Toute personne qui a ce lien peut voir les outils du dossier et le télécharger.',
  copyLink: 'Copier le lien',
  copied: 'Lien copié !',
  kit: 'Kit prêt à l’emploi (page d’accueil et liste des outils)',
  kitsTitle: 'Kits prêts à l’emploi',
  kitTitle: 'Kit prêt à l’emploi',
  kitsIntro: 'Des dossiers d’outils composés par notre équipe, à télécharger en un seul fichier.',
  nameLabel: 'Nom du dossier',
  descriptionLabel: 'Description (facultative)',
  save: 'Enregistrer',
  cancel: 'Annuler',
  deleteTitle: 'Supprimer ce dossier ?',
  deleteText: (name: string) => `Le dossier « ${name} » sera supprimé. Les outils restent dans la bibliothèque.`,
  guestTitle: 'Dossiers réservés aux membres',
  guestText: 'Les dossiers de téléchargement sont réservés aux membres. Créez-vous un compte gratuit ou connectez-vous pour composer vos dossiers ;)',
  notFound: 'Ce dossier est introuvable.',
  sharedNotFound: 'Ce dossier partagé est introuvable : le lien a peut-être été désactivé.',
  sharedBy: 'Dossier partagé',
  error: 'L’action n’a pas pu être enregistrée. Réessayez dans quelques instants.',
} as const;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} octets`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo`;
}
