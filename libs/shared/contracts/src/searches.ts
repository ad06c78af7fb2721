/**
 * What visitors look for (docs/product/rules.md#R970–R975): the library's searches, folded and
 * counted per day, never who searched.
 */
export const SearchesApiRoutes = {
  /** `POST {q, results}`: a search settled in the library, with its result count. */
  record: '/api/searches',
  /** `POST {q}`: a result of that search was opened. */
  opened: '/api/searches/opened',
  /** `GET ?from&to` (admins): the most searched texts, those with no result, those never opened. */
  admin: '/admin/searches',
} as const;

export const SearchesWebRoutes = { admin: '/admin/searches' } as const;

export const SearchLimits = {
  /** Longest folded text kept; longer texts are cut. */
  textMaxLength: 100,
  /** Rows of each list on the admin page. */
  listSize: 50,
  /** Days of a period at most (13 months are kept, docs/product/rules.md#R975). */
  maxRangeDays: 400,
  keptMonths: 13,
} as const;

export interface SearchRow {
  text: string;
  searches: number;
  /** Searches of the period that found nothing. */
  withoutResults: number;
  /** The result count of the latest day it was searched. */
  lastResults: number;
  /** Searches followed by an opened result. */
  opened: number;
}

export interface SearchesResponse {
  from: string;
  to: string;
  totals: { searches: number; withoutResults: number; opened: number };
  mostSearched: SearchRow[];
  withoutResults: SearchRow[];
  neverOpened: SearchRow[];
}

export const SearchesMessages = {
  invalidText: 'La recherche doit être un texte de 1 à 200 caractères.',
  invalidResults: 'Le nombre de résultats doit être un entier positif.',
  recorded: 'Recherche comptée.',
  dateInvalid: (label: string) => `La date « ${label} » doit être une date au format AAAA-MM-JJ.`,
  rangeReversed: 'La date de début doit précéder la date de fin.',
  rangeTooLong: (days: number) => `La période ne peut pas dépasser ${days} jours.`,
} as const;
