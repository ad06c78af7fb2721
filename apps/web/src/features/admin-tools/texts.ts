/** Texts of the tool administration (verbatim where the product fixes them: docs/product/rules.md#R133, docs/product/screens.md#tool-form). */
export const AdminToolTexts = {
  saveFailed: "Oups, erreur lors de l’enregistrement :x",
  fileRequired: "Ajoutez le fichier de l’outil.",
  fileType: "Ce type de fichier n’est pas accepté. Formats acceptés : PDF, DOC, DOCX, CSV, XLSX, XLS, JPG et PNG.",
  imageType: 'Les images doivent être au format PNG ou JPEG.',
  tooManyImages: (max: number) => `Un outil peut avoir au plus ${max} images.`,
  titleRequired: "Saisissez le titre de l’outil.",
  descriptionRequired: "Saisissez la description de l’outil.",
  typeRequired: "Choisissez le type d’outil.",
  categoryRequired: 'Choisissez le sujet.',
  difficultyRequired: 'Choisissez la difficulté.',
  durationInvalid: "La durée doit être un nombre d’heures positif (par exemple 1,5).",
  toolNotFound: 'Cet outil est introuvable.',
  // Publication (docs/product/rules.md#R654, #R655).
  publicationLegend: 'Publication',
  publicationDraft: 'Brouillon',
  publicationDraftHint: 'Invisible du public ; vous seul·e pouvez en voir l’aperçu.',
  publicationScheduled: 'Programmé le…',
  publicationScheduledHint: 'Publié automatiquement à la date et à l’heure choisies (heure de Paris).',
  publicationPublished: 'Publié',
  publicationPublishedHint: 'Visible de tous dès l’enregistrement.',
  publishDate: 'Date de publication',
  publishTime: 'Heure de publication (heure de Paris)',
  publishAtRequired: 'Indiquez la date et l’heure de publication.',
  publishTimeRequired: 'Indiquez l’heure de publication.',
  publishAtInvalid: 'Cette date ou cette heure n’existe pas.',
  publishAtPast: 'La date de publication doit être dans le futur.',
  previewTitle: 'Aperçu — non publié.',
  previewText: (status: string) => `${status} : cette fiche n’est visible que par les administrateurs.`,
  badgeDraft: 'Brouillon',
  badgePublished: 'Publié',
  badgeScheduled: (day: string, time: string) => `Programmé le ${day} à ${time}`,
  createdDraft: (name: string) => `« ${name} » est enregistré comme brouillon`,
  createdScheduled: (name: string) => `« ${name} » est programmé`,
} as const;

/** Same limit as the API (at most 10 images per tool). */
export const MAX_TOOL_IMAGES = 10;

const checkDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });

/** The document's check for an admin (docs/product/rules.md#R951). */
/** docs/product/rules.md#R943: the declared accessible alternative on the tool form. */
export const AdminAlternativeTexts = {
  label: 'Version accessible (facultatif)',
  hint: 'Un autre fichier du même outil, accessible (par exemple le DOCX d’un PDF) : PDF, DOCX, XLSX ou CSV. Il est vérifié comme le fichier principal et proposé aux visiteurs sous le bouton de téléchargement. Les fichiers ODT ne sont pas acceptés : ils ne peuvent pas être vérifiés ; enregistrez-les en DOCX depuis LibreOffice.',
  type: 'La version accessible doit être un fichier PDF, DOCX, XLSX ou CSV.',
  remove: 'Retirer la version accessible',
  current: (name: string, outcome: 'accessible' | 'partial' | null) =>
    `Version accessible actuelle : ${name} — ${outcome === 'accessible' ? 'Document accessible' : outcome === 'partial' ? 'à corriger' : 'pas encore de résultat'}.`,
};

export const AdminA11yTexts = {
  column: 'Document',
  title: 'Accessibilité du document',
  accessible: 'Document accessible',
  /** docs/product/rules.md#R951: the file fails, its declared alternative is accessible (RGAA 13.3). */
  alternativeAccessible: 'Version accessible proposée',
  toFix: (n: number) => `À corriger : ${n} ${n > 1 ? 'points' : 'point'}`,
  forTool: (name: string) => `(${name})`,
  none: 'Pas de résultat',
  noneLong: 'Pas encore de résultat : la vérification suit l’enregistrement du fichier et s’affiche ici dès qu’elle est faite (un fichier DOC ou XLS n’est pas vérifié).',
  checked: (n: number, iso: string) => `${n} ${n > 1 ? 'critères vérifiés' : 'critère vérifié'} automatiquement le ${checkDate.format(new Date(iso))}.`,
  filter: 'Documents',
  /** docs/product/rules.md#R942. */
  altLabel: 'Description de l’image (texte de remplacement)',
  altHint: 'Ce que montre l’image, pour qui ne la voit pas : un lecteur d’écran la lira. 1 000 caractères au plus.',
  altRequired: 'Décrivez l’image : un fichier JPG ou PNG a besoin de son texte de remplacement.',
  filters: [
    { value: 'all', label: 'Tous' },
    { value: 'failing', label: 'À corriger' },
    { value: 'accessible', label: 'Accessibles' },
    { value: 'none', label: 'Sans résultat' },
  ],
} as const;
