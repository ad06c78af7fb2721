import type { ListingSort } from '@outils/contracts';
import { parisLongDate } from './utils/french-format';

/** French texts of the listing's search, counts, chips and orders (docs/product/rules.md#R600–R609). */
export const SearchTexts = {
  label: 'Rechercher un outil',
  placeholder: 'Rechercher un outil (ex. : sécurité, devis, RGPD…)',
  submit: 'Rechercher',
  suggestionsLabel: 'Suggestions',
  topicsGroup: 'Sujets',
  toolsGroup: 'Outils',
  closestNote: 'Aucun outil ne correspond exactement ; les plus proches :',
  topicHint: 'sujet',
  noResultTitle: 'Aucun résultat',
  noResultHint: 'Essayez d’autres filtres ou une autre recherche.',
  closestTitle: 'Vouliez-vous dire :',
  reset: 'Réinitialiser la recherche et les filtres',
  activeFilters: 'Filtres actifs',
  removeChip: (group: string, name: string) => `Retirer le filtre ${group} : ${name}`,
  removeSearch: (q: string) => `Retirer la recherche « ${q} »`,
  clearAll: 'Tout effacer',
  sortLabel: 'Trier par',
  sorts: { relevance: 'Pertinence', recent: 'Plus récents', popular: 'Plus téléchargés', shortest: 'Durée la plus courte' } satisfies Record<ListingSort, string>,
  mostDownloaded: 'Les plus téléchargés',
  newest: 'Nouveautés',
  optionCount: (n: number) => `(${n})`,
  /** docs/product/rules.md#R950. */
  accessibleLegend: 'Document',
  accessibleOption: 'Documents accessibles',
  optionCountSpoken: (n: number) => (n > 1 ? `${n} outils` : `${n} outil`),
} as const;


/** French texts of the document's accessibility (docs/product/rules.md#R949). */
export const AccessibilityTexts = {
  accessible: 'Document accessible',
  partial: 'Accessibilité du document : partielle — voir le détail',
  badge: 'Document accessible',
  /** A card's badge is short, so that the card's first line of actions stays in the first screen; « Document » is read by screen readers only. */
  cardBadge: 'Accessible',
  cardBadgeContext: 'Document ',
  checked: (n: number, iso: string) => `${n} ${n > 1 ? 'critères vérifiés' : 'critère vérifié'} automatiquement le ${parisLongDate(new Date(iso))}.`,
  toFix: (n: number) => (n > 1 ? `${n} points à corriger :` : '1 point à corriger :'),
  statement: 'Ce que la vérification couvre et ne couvre pas',
  /** The declared alternative's own verdict, beside its button (docs/product/rules.md#R949). */
  alternativeAccessible: 'Version accessible : document accessible',
  alternativePartial: 'Version accessible : accessibilité partielle — voir le détail',
} as const;

/** French texts of the statement's section on the documents (docs/product/rules.md#R948). */
export const StatementTexts = {
  title: 'Documents téléchargeables',
  intro:
    'Chaque fichier déposé est vérifié automatiquement (PDF : balisage, langue, titre, texte réel, titres, images, tableaux, ordre de lecture, identification PDF/UA ; Word : langue, titre, styles de titre, images, tableaux, zones de texte ; tableurs et CSV : noms des feuilles et ligne d’en-tête). Une vérification automatique ne remplace pas une relecture humaine : elle ne juge ni la pertinence d’un texte de remplacement ni la clarté du contenu. Sur demande, nous vous envoyons une version accessible d’un outil.',
  loading: 'Chargement de la liste des documents…',
  failed: 'La liste des documents n’a pas pu être chargée. Rechargez la page.',
  summary: (checked: number, failing: number, last: string | null) =>
    `${checked} ${checked > 1 ? 'documents vérifiés' : 'document vérifié'}, dont ${failing} non ${failing > 1 ? 'conformes' : 'conforme'}` +
    (last ? ` ; dernière vérification le ${parisLongDate(new Date(last))}.` : '.'),
  failing: 'à corriger :',
  /** docs/product/rules.md#R948: documents whose file fails but which offer an accessible version. */
  accessibleVersions: 'Ces documents sont aussi proposés dans une version accessible, à télécharger depuis leur fiche :',
  accessibleVersion: (format: string) => `version accessible : ${format}`,
} as const;
