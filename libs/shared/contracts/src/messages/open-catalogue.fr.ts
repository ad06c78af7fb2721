/** Messages of the open catalogue and of the partners' embeds (docs/product/rules.md#R990–R999). */
export const OpenCatalogueMessages = {
  invalidPage: 'Le numéro de page du catalogue est invalide : un nombre entier à partir de 1 est attendu.',
  pageNotFound: 'Cette page du catalogue n’existe pas.',
} as const;

/** Where the open catalogue is served and how it is paged (docs/product/rules.md#R991). */
export const OpenCatalogue = {
  /** The web server's public address of the catalogue. */
  webPath: '/catalogue.jsonld',
  pageSize: 50,
} as const;
