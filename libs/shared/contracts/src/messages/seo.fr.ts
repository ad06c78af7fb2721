/** Messages of the previews, sitemap and robots.txt (docs/product/rules.md#R400). */
export const SeoMessages = {
  invalidPath: 'Le chemin de la page est invalide : il doit commencer par « / » et compter au plus 512 caractères.',
  invalidSitemapPage: 'Le numéro de page du plan du site est invalide.',
  sitemapPageNotFound: 'Cette page du plan du site n’existe pas.',
  /** docs/product/rules.md#R800 */
  pageNotFound: 'Cette page n’existe pas.',
} as const;
