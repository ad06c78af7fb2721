/** Messages of the open catalogue and of the partners' embeds (docs/product/rules.md#R990–R999). */
export const OpenCatalogueMessages = {
  invalidPage: 'Le numéro de page du catalogue est invalide : un nombre entier à partir de 1 est attendu.',
  pageNotFound: 'Cette page du catalogue n’existe pas.',
} as const;

/** Where the open catalogue is served and how it is paged (docs/product/rules.md#R991). */
export const OpenCatalogue = {
  /** The web server's public address of the catalogue. */
  webPath: '/catalogue.jsonld',
  /** The web server's public address of the same catalogue in Turtle (docs/product/rules.md#R1003). */
  turtlePath: '/catalogue.ttl',
  pageSize: 50,
} as const;

/** Messages of the partners and their embeds (docs/product/rules.md#R993–R999). */
export const PartnerMessages = {
  notFound: 'Ce partenaire n’existe pas.',
  hostNotAllowed: 'Ce site n’est pas autorisé à afficher la sélection d’outils de ce partenaire.',
  originMissing: 'La sélection d’outils ne s’affiche que sur une page web autorisée par le partenaire.',
  invalidHost: (host: string) => `« ${host} » n’est pas un nom de site valide (par exemple www.exemple.fr ou *.exemple.fr).`,
  invalidToolList: 'La liste d’outils doit être faite de numéros d’outils séparés par des virgules (12 au plus).',
  kitNotFound: 'Ce kit n’existe pas ou n’est plus un kit : vérifiez l’attribut data-kit du code d’intégration.',
  /** docs/product/rules.md#R1007. */
  kitWithSlice: 'Un kit s’affiche seul : gardez soit data-kit, soit data-sujet, data-type ou data-outils dans le code d’intégration, pas les deux.',
  unsubscribeInvalid: 'Ce lien de désinscription n’est pas valide : utilisez celui du dernier rapport reçu.',
  unsubscribed: 'Le rapport mensuel ne sera plus envoyé à ce partenaire.',
} as const;
