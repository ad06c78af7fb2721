/**
 * The words by which a tool says it is meant for a sector or a trade (docs/product/rules.md#R985).
 * 'Pour vous' matches them, as written (plural forms listed), against a tool's name, topic, type,
 * goal, audience ('Pour qui ?') and description. Stemmed matching is not used on purpose: French
 * stems mix trades with unrelated words ("restaurant" and "restauration" of a backup both become
 * "restaur").
 *
 * The keys are the activity areas of the forms (docs/product/rules.md#R171); an area added since
 * uses the words of its own name.
 */
export const SECTOR_AUDIENCES: Readonly<Record<string, readonly string[]>> = {
  'Commerce de détail': [
    'commerce', 'commerces', 'commerçant', 'commerçants', 'commerçante', 'commerçantes', 'boutique', 'boutiques',
    'magasin', 'magasins', 'vitrine', 'caisse', 'clientèle', 'fidélité', 'avis',
  ],
  'Artisanat et BTP': [
    'artisan', 'artisans', 'artisane', 'artisanes', 'artisanat', 'chantier', 'chantiers', 'devis', 'atelier', 'ateliers',
    'btp', 'bâtiment', 'travaux',
  ],
  'Hôtellerie-restauration': [
    'restaurant', 'restaurants', 'restaurateur', 'restaurateurs', 'restauratrice', 'hôtel', 'hôtels', 'hôtelier',
    'hôteliers', 'hôtellerie', 'café', 'cafés', 'commerçant', 'commerçants', 'avis', 'réservation', 'réservations',
    'établissement', 'établissements', 'saisonnier', 'saisonniers', 'tourisme', 'touristes', 'clientèle',
  ],
  'Services aux entreprises': [
    'prestataire', 'prestataires', 'prestation', 'prestations', 'consultant', 'consultants', 'consultante',
    'freelance', 'freelances', 'indépendant', 'indépendants', 'prospection', 'commercial', 'commerciaux', 'devis',
  ],
  'Santé et bien-être': [
    'santé', 'patient', 'patients', 'patientèle', 'cabinet', 'cabinets', 'praticien', 'praticiens', 'praticienne',
    'thérapeute', 'thérapeutes', 'soin', 'soins', 'libérale', 'libérales', 'rgpd', 'confidentialité',
  ],
  Associations: [
    'association', 'associations', 'associatif', 'associative', 'bénévole', 'bénévoles', 'adhérent', 'adhérents',
    'membres',
  ],
  'Professions libérales': [
    'libéral', 'libérale', 'libérales', 'libéraux', 'indépendant', 'indépendants', 'cabinet', 'cabinets', 'honoraires',
    'facturation', 'devis',
  ],
  Industrie: [
    'industrie', 'industries', 'industriel', 'industriels', 'industrielle', 'production', 'usine', 'usines', 'atelier',
    'ateliers', 'fabrication', 'stock', 'stocks', 'processus', 'qualité', 'fournisseurs',
  ],
};

/** Words of a job title that say a role, not a trade: they would match almost every tool. */
const ROLE_WORDS = new Set([
  'gérant', 'gérante', 'gérants', 'cogérant', 'cogérante', 'responsable', 'responsables', 'directeur', 'directrice',
  'dirigeant', 'dirigeante', 'chef', 'cheffe', 'patron', 'patronne', 'associé', 'associée', 'salarié', 'salariée',
  'employé', 'employée', 'assistant', 'assistante', 'adjoint', 'adjointe', 'président', 'présidente', 'fondateur',
  'fondatrice', 'manager', 'propriétaire', 'exploitant', 'exploitante', 'entrepreneur', 'entrepreneuse', 'créateur',
  'créatrice', 'dans', 'pour', 'avec', 'chez', 'sous', 'entreprise', 'société',
]);

const wordsOf = (text: string): string[] =>
  text.toLocaleLowerCase('fr').split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);

/** The words of an activity area: its list, or the words of its name (4 letters or more). */
export function sectorWords(area: string): string[] {
  return [...(SECTOR_AUDIENCES[area] ?? wordsOf(area).filter((w) => w.length >= 4))];
}

/**
 * The words of a job title: its trade words (4 letters or more, roles left out) as written and
 * in the plural, and the words of every sector whose list holds one of them ("Gérant de
 * restaurant" → restaurant, restaurants, and the words of 'Hôtellerie-restauration').
 */
export function jobWords(job: string): string[] {
  const trade = wordsOf(job).filter((w) => w.length >= 4 && !ROLE_WORDS.has(w)).slice(0, 8);
  const words = new Set<string>();
  for (const word of trade) {
    words.add(word);
    if (!/[sx]$/.test(word)) words.add(`${word}s`);
    for (const list of Object.values(SECTOR_AUDIENCES)) {
      if (list.includes(word) || list.includes(`${word}s`)) list.forEach((w) => words.add(w));
    }
  }
  return [...words];
}

/**
 * An OR query of `public.simple_unaccent` (accents folded, no stemming) from these words; a word
 * with a hyphen counts as its parts, which the tool's text holds too. Null when nothing is left.
 */
export function audienceQuery(words: readonly string[]): string | null {
  const parts = new Set(words.flatMap((w) => w.toLocaleLowerCase('fr').split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3));
  return parts.size === 0 ? null : [...parts].slice(0, 60).join(' | ');
}
