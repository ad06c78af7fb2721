import { DIFFICULTIES, Difficulty, LISTING_SORTS, ListingSort } from '@outils/contracts';

/** What the listing screen asks for: the filters of the side menu, the search, the page. */
export interface ToolsListArgs {
  page: number;
  categories: number[];
  types: number[];
  difficulties: Difficulty[];
  /** docs/product/rules.md#R950: only accessible documents. */
  accessibleOnly?: boolean;
  onlyFavorites: boolean;
  q: string;
  sort?: ListingSort;
}

/**
 * The filter parameters (docs/product/rules.md#R72): repeated `categories[]=`, `types[]=`, `difficulties[]=`
 * joined with `&` (values within a group are OR-ed by the API, groups AND-ed).
 */
export function buildFilterParams(filters: Pick<ToolsListArgs, 'categories' | 'types' | 'difficulties' | 'accessibleOnly'>): string {
  return [
    ...filters.categories.map((id) => `categories[]=${encodeURIComponent(id)}`),
    ...filters.types.map((id) => `types[]=${encodeURIComponent(id)}`),
    ...filters.difficulties.map((d) => `difficulties[]=${encodeURIComponent(d)}`),
    ...(filters.accessibleOnly ? ['accessibleOnly=true'] : []),
  ].join('&');
}

/** The whole query string of `GET /api/tools`: page, filters, onlyFavorites (true/false), q, sort. */
export function buildToolsQueryString(args: ToolsListArgs): string {
  const parts = [`page=${args.page}`];
  const filters = buildFilterParams(args);
  if (filters) parts.push(filters);
  parts.push(`onlyFavorites=${args.onlyFavorites ? 'true' : 'false'}`);
  if (args.q.trim()) parts.push(`q=${encodeURIComponent(args.q.trim())}`);
  if (args.sort) parts.push(`sort=${args.sort}`);
  return parts.join('&');
}

/** docs/product/rules.md#R950: the page URL's « Documents accessibles » filter, `?documents=accessibles`. */
export const ACCESSIBLE_URL_PARAM = 'documents';
export const ACCESSIBLE_URL_VALUE = 'accessibles';

/**
 * The listing's state in the page URL (`?categories=1&categories=3&types=2&difficulties=Simple&documents=accessibles&q=…&sort=shortest&page=2`)
 * so that a filtered view can be shared and survives a reload. Unknown values are dropped.
 */
export interface ListingUrlState {
  page: number;
  categories: number[];
  types: number[];
  difficulties: Difficulty[];
  accessibleOnly: boolean;
  q: string;
  /** docs/product/rules.md#R605; absent: relevance while searching, newest first otherwise. */
  sort?: ListingSort;
}

const ids = (values: string[]) => [...new Set(values.map(Number).filter((n) => Number.isInteger(n) && n > 0))];

export function readListingUrl(params: URLSearchParams): ListingUrlState {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    categories: ids(params.getAll('categories')),
    types: ids(params.getAll('types')),
    difficulties: [...new Set(params.getAll('difficulties'))].filter((d): d is Difficulty => (DIFFICULTIES as readonly string[]).includes(d)),
    accessibleOnly: params.get(ACCESSIBLE_URL_PARAM) === ACCESSIBLE_URL_VALUE,
    q: params.get('q')?.trim() ?? '',
    sort: (LISTING_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as ListingSort) : undefined,
  };
}

export function writeListingUrl(state: ListingUrlState): URLSearchParams {
  const params = new URLSearchParams();
  state.categories.forEach((id) => params.append('categories', String(id)));
  state.types.forEach((id) => params.append('types', String(id)));
  state.difficulties.forEach((d) => params.append('difficulties', d));
  if (state.accessibleOnly) params.set(ACCESSIBLE_URL_PARAM, ACCESSIBLE_URL_VALUE);
  if (state.q) params.set('q', state.q);
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export const hasActiveFilters = (s: ListingUrlState) => s.categories.length + s.types.length + s.difficulties.length > 0 || s.accessibleOnly || !!s.q;

/**
 * What the listing shows besides its results (docs/product/rules.md#R721): the kits without a
 * filter or search, the rows on the first page in the default order too; the closest tools when a
 * search of 2 characters or more finds nothing (#R603). The page and its server-side data
 * (app/page-data.ts, #R830) both read it here.
 */
export function listingSections(state: ListingUrlState, onlyFavorites: boolean) {
  const kits = !onlyFavorites && !hasActiveFilters(state);
  return { kits, rows: kits && state.page === 1 && !state.sort, suggestions: (resultCount: number) => resultCount === 0 && state.q.length >= 2 };
}

/**
 * The listing the visitor came from, handed to the sheet in the card link's state, so that the
 * breadcrumb's 'Explorer' keeps the filters, the search and the page. Only the explorer itself.
 */
export function listingPathFrom(state: unknown): string | null {
  const from = (state as { listing?: unknown } | null)?.listing;
  return typeof from === 'string' && /^\/toolspage\/?(\?[^#]*)?$/.test(from) ? from : null;
}
