/** Messages shared by every part of the API. Exact texts of docs/product/rules.md#R146, docs/product/rules.md#R147 and docs/product/rules.md#R149 where they give them. */
export const CommonMessages = {
  unauthorized: 'Vous devez être connecté pour effectuer cette action.',
  sessionInvalid: 'Votre session a expiré ou n’est pas valide. Merci de vous reconnecter.',
  forbidden: 'Accès non autorisé',
  notFound: 'Ressource introuvable.',
  routeNotFound: 'Cette adresse n’existe pas.',
  badRequest: 'La requête est invalide.',
  malformedBody: 'Le contenu envoyé est illisible : vérifiez le format des données.',
  payloadTooLarge: 'Le contenu envoyé est trop volumineux.',
  /** An upload whose bytes stopped coming (docs/product/rules.md#R784). */
  uploadStalled: 'L’envoi s’est interrompu : aucune donnée reçue depuis trop longtemps. Merci de réessayer.',
  tooManyRequests: 'Trop de tentatives. Merci de patienter quelques minutes avant de réessayer.',
  /** docs/product/rules.md#R771: too many password checks at once on this server. */
  serviceBusy: 'Le service est très sollicité en ce moment. Merci de réessayer dans quelques secondes.',
  tooManyRequestsFromIp: 'Trop de demandes en peu de temps depuis votre connexion. Merci de patienter quelques minutes avant de réessayer.',
  internal: 'Une erreur est survenue',
  serviceUnavailable: 'Le service est momentanément indisponible. Merci de réessayer dans quelques instants.',
  invalidEmail: 'L’adresse e-mail n’est pas valide.',
  required: (label: string) => `Le champ « ${label} » est obligatoire.`,
  tooLong: (label: string, max: number) => `Le champ « ${label} » ne doit pas dépasser ${max} caractères.`,
  mustBeBoolean: (label: string) => `Le champ « ${label} » doit valoir vrai ou faux.`,
  mustBeInteger: (label: string) => `Le champ « ${label} » doit être un nombre entier.`,
  mustBeNumber: (label: string) => `Le champ « ${label} » doit être un nombre.`,
  invalidValue: (label: string) => `La valeur du champ « ${label} » n’est pas valide.`,
} as const;
