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
} as const;

/** Same limit as the API (at most 10 images per tool). */
export const MAX_TOOL_IMAGES = 10;
