/** Messages of the catalogue, downloads, favourites, newsletter and tool administration. */
export const CatalogueMessages = {
  toolNotFound: 'Cet outil est introuvable.',
  imageNotFound: 'Cette image est introuvable.',
  /** docs/product/rules.md#R700 */
  imageWidthInvalid: 'La largeur d’image demandée doit être 320, 640 ou 960 pixels.',
  /** docs/product/rules.md#R636. */
  previewNotFound: 'Cet aperçu est introuvable.',
  fileMissing: 'Le fichier de cet outil est momentanément indisponible. Merci de réessayer plus tard.',
  /** docs/product/rules.md#R946: `alternative=true` for a tool without a declared accessible alternative. */
  alternativeNotFound: 'Cet outil n’a pas de version accessible à télécharger.',
  invalidAlternative: 'Le paramètre « alternative » (version accessible) doit valoir true ou false.',
  downloadLinkInvalid: 'Ce lien de téléchargement n’est pas valide ou a expiré. Relancez le téléchargement depuis la fiche de l’outil.',
  /** Since double opt-in (docs/product/rules.md#R450): the mailbox must confirm. */
  newsletterRegistered: 'Merci ! Vérifiez votre boîte mail pour confirmer votre inscription à la newsletter.',
  toolCreated: 'L’outil a bien été créé.',
  /** Three saves in a row lost their slug to concurrent saves (docs/product/rules.md#R98). */
  slugBusy: 'Un autre enregistrement utilise ce titre au même moment : réessayez dans un instant.',
  toolUpdated: 'L’outil a bien été modifié.',
  toolDeleted: 'L’outil a bien été supprimé.',

  // Listing parameters (GET /api/tools): 400 { message }.
  invalidPage: 'Le numéro de page doit être un nombre entier supérieur ou égal à 1.',
  pageTooFar: (max: number) => `Le numéro de page ne peut pas dépasser ${max} : affinez la recherche avec les filtres.`,
  invalidFilter: (label: string) => `Le filtre « ${label} » contient une valeur invalide.`,
  unknownFilter: (label: string) => `Le filtre « ${label} » contient une valeur inconnue.`,
  tooManyFilterValues: (label: string) => `Le filtre « ${label} » contient trop de valeurs.`,
  invalidOnlyFavorites: 'Le paramètre « onlyFavorites » doit valoir true ou false.',
  invalidAccessibleOnly: 'Le paramètre « accessibleOnly » (documents accessibles) doit valoir true ou false.',
  invalidMax: 'Le paramètre « max » doit être un nombre entier entre 1 et 100.',
  invalidSort: 'Le tri demandé n’existe pas : utilisez « recent », « popular », « shortest » ou « relevance ».',
  invalidSuggestionQuery: 'Les suggestions demandent un texte de 2 à 100 caractères.',
  invalidSearch: 'La recherche doit être un texte de 200 caractères au plus.',
  favoritesNeedLogin: 'Connectez-vous pour afficher vos favoris.',
  invalidToolId: 'L’identifiant de l’outil n’est pas valide.',

  // Tool form (POST /admin/tools/create|update): 400 { errors: { field: [...] } }.
  fieldRequired: (label: string) => `Le champ « ${label} » est obligatoire.`,
  fieldTooLong: (label: string, max: number) => `Le champ « ${label} » ne doit pas dépasser ${max} caractères.`,
  fieldInvalidText: (label: string) => `Le champ « ${label} » contient des caractères non autorisés.`,
  typeUnknown: 'Ce type d’outil n’existe pas.',
  categoryUnknown: 'Ce sujet n’existe pas.',
  difficultyInvalid: 'La difficulté doit être « Simple », « Moyen » ou « Complexe ».',
  durationInvalid: 'La durée doit être un nombre d’heures positif (par exemple 1,5).',
  isFeaturedInvalid: 'La case « Outil du mois » doit valoir vrai ou faux.',
  // Publication (docs/product/rules.md#R654).
  publicationInvalid: 'La publication doit être « Brouillon », « Programmé » ou « Publié ».',
  publishAtRequired: 'Indiquez la date et l’heure de publication d’un outil programmé.',
  publishAtInvalid: 'La date de publication n’est pas une date et une heure valides.',
  publishAtPast: 'La date de publication d’un outil programmé doit être dans le futur.',
  publishAtTooFar: (years: number) => `La date de publication ne peut pas être plus de ${years} ans dans le futur.`,
  fileRequired: 'Ajoutez le fichier de l’outil.',
  fileEmpty: 'Le fichier envoyé est vide.',
  fileTooLarge: (maxMb: number) => `Le fichier dépasse la taille maximale autorisée (${maxMb} Mo).`,
  fileTypeRefused: 'Ce type de fichier n’est pas accepté. Formats acceptés : PDF, DOC, DOCX, CSV, XLSX, XLS, JPG et PNG.',
  fileExtensionMismatch: 'Le contenu du fichier ne correspond pas à son extension.',
  fileMacrosRefused: 'Les documents contenant des macros ne sont pas acceptés.',
  tooManyFiles: 'Un seul fichier d’outil peut être envoyé.',
  /** docs/product/rules.md#R942. */
  /** docs/product/rules.md#R943 */
  altFileTypeRefused: 'La version accessible doit être un fichier PDF, DOCX, XLSX ou CSV.',
  fileAltRequired: 'Décrivez l’image : un fichier JPG ou PNG a besoin de son texte de remplacement (ce qu’elle montre, pour qui ne la voit pas).',
  unexpectedFileField: (field: string) => `Fichier inattendu dans le champ « ${field} » : seuls « toolFile » et « images[] » reçoivent des fichiers.`,
  imageTooLarge: (maxMb: number) => `Chaque image doit peser au plus ${maxMb} Mo.`,
  imageTypeRefused: 'Les images doivent être au format PNG ou JPEG.',
  tooManyImages: (max: number) => `Un outil peut avoir au plus ${max} images.`,
  imagesOrderInvalid: 'L’ordre des images envoyé n’est pas valide.',

  // Warnings of the tool form (accepted with a caveat).
  warningDurationMissing: 'La durée estimée n’est pas renseignée : elle ne sera pas affichée sur la fiche.',
  warningImagesIgnored: (count: number) =>
    count === 1
      ? 'Une image indiquée n’appartient pas à cet outil : elle a été ignorée.'
      : `${count} images indiquées n’appartiennent pas à cet outil : elles ont été ignorées.`,
  warningSlugChanged: (slug: string) => `Le nom a changé : l’adresse de la fiche devient /toolspage/${slug} (l’ancienne adresse redirige vers la nouvelle).`,

  // Favourites and newsletter.
  newsletterSourceInvalid: 'La source doit valoir « home », « popup », « download » ou « profile ».',
  consentInvalid: 'Le consentement doit valoir vrai ou faux.',
} as const;
