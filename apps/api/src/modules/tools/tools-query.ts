import { ADMIN_LISTING_MAX, CatalogueMessages, DIFFICULTIES, Difficulty, LISTING_SORTS, ListingSort } from '@outils/contracts';
import { BadRequestError } from '../../common/errors/domain-error';

/** `GET /api/tools` parameters once checked (credentials are read by the guard, not here). */
export interface ToolsQueryParams {
  page: number;
  categories: number[];
  types: number[];
  difficulties: Difficulty[];
  onlyFavorites: boolean;
  /** Admin listing: page size 1..100, adds `downloadCount`. */
  max?: number;
  q?: string;
  sort?: ListingSort;
}

/**
 * The deepest page served (docs/product/rules.md#R182): 1 000 pages of 12 tools. Deeper pages cost the database a long
 * OFFSET scan for nobody (filters and search narrow a large catalogue); beyond it, a 400.
 */
export const MAX_PAGE = 1000;
const MAX_VALUES_PER_FILTER = 50;
const MAX_SEARCH_LENGTH = 200;
const INT4_MAX = 2_147_483_647;

const FILTER_LABELS = { categories: 'Sujet', types: 'Type d’outils', difficulties: 'Difficulté' } as const;

/** A value that is a single string (a repeated scalar parameter arrives as an array: a 400). */
function single(value: unknown, error: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new BadRequestError(error);
  return value.trim();
}

/** `x`, `x[]=a&x[]=b` (array) or `x[0]=a` all arrive as a string or an array of strings. */
function list(value: unknown, label: string): string[] {
  if (value === undefined || value === '') return [];
  const values = Array.isArray(value) ? value : [value];
  if (values.length > MAX_VALUES_PER_FILTER) throw new BadRequestError(CatalogueMessages.tooManyFilterValues(label));
  return values.map((v) => {
    if (typeof v !== 'string' || v.trim() === '') throw new BadRequestError(CatalogueMessages.invalidFilter(label));
    return v.trim();
  });
}

function ids(value: unknown, label: string): number[] {
  const out = list(value, label).map((v) => {
    if (!/^\d{1,10}$/.test(v) || Number(v) < 1 || Number(v) > INT4_MAX) throw new BadRequestError(CatalogueMessages.invalidFilter(label));
    return Number(v);
  });
  return [...new Set(out)];
}

function difficulties(value: unknown): Difficulty[] {
  const out = list(value, FILTER_LABELS.difficulties).map((v) => {
    const match = DIFFICULTIES.find((d) => d.toLowerCase() === v.toLowerCase());
    if (!match) throw new BadRequestError(CatalogueMessages.invalidFilter(FILTER_LABELS.difficulties));
    return match;
  });
  return [...new Set(out)];
}

function positiveInt(value: string | undefined, max: number, error: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value)) throw new BadRequestError(error);
  const n = Number(value);
  if (n < 1 || n > max) throw new BadRequestError(error);
  return n;
}

/**
 * Checks the listing parameters. Every malformed value is a 400 with a French `{ message }`
 * (decisions §3), never a 500. Unknown parameters (credentials, cache busters…) are ignored.
 */
export function parseToolsQuery(raw: Record<string, unknown>): ToolsQueryParams {
  const pageText = single(raw.page, CatalogueMessages.invalidPage) || undefined;
  const page = positiveInt(pageText, Number.MAX_SAFE_INTEGER, CatalogueMessages.invalidPage) ?? 1;
  if (page > MAX_PAGE) throw new BadRequestError(CatalogueMessages.pageTooFar(MAX_PAGE));

  const onlyFavoritesRaw = single(raw.onlyFavorites, CatalogueMessages.invalidOnlyFavorites);
  let onlyFavorites = false;
  if (onlyFavoritesRaw !== undefined && onlyFavoritesRaw !== '') {
    if (onlyFavoritesRaw === 'true' || onlyFavoritesRaw === '1') onlyFavorites = true;
    else if (onlyFavoritesRaw !== 'false' && onlyFavoritesRaw !== '0') throw new BadRequestError(CatalogueMessages.invalidOnlyFavorites);
  }

  const max = positiveInt(single(raw.max, CatalogueMessages.invalidMax) || undefined, ADMIN_LISTING_MAX, CatalogueMessages.invalidMax);

  const q = single(raw.q, CatalogueMessages.invalidSearch);
  // NUL and other control characters cannot reach PostgreSQL text (it would answer 500).
  if (q !== undefined && (q.length > MAX_SEARCH_LENGTH || /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(q))) {
    throw new BadRequestError(CatalogueMessages.invalidSearch);
  }

  const sortRaw = single(raw.sort, CatalogueMessages.invalidSort);
  let sort: ListingSort | undefined;
  if (sortRaw) {
    if (!(LISTING_SORTS as readonly string[]).includes(sortRaw)) throw new BadRequestError(CatalogueMessages.invalidSort);
    sort = sortRaw as ListingSort;
  }

  return {
    page,
    categories: ids(raw.categories, FILTER_LABELS.categories),
    types: ids(raw.types, FILTER_LABELS.types),
    difficulties: difficulties(raw.difficulties),
    onlyFavorites,
    max,
    q: q || undefined,
    sort,
  };
}

export { FILTER_LABELS };
