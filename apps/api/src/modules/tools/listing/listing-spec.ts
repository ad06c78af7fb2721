import { CatalogueMessages, CommonMessages, LISTING_PAGE_SIZE, type Difficulty, type ListingFacets, type NamedRef } from '@outils/contracts';
import type { AuthUser } from '../../../common/auth/auth-user';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../../common/errors/domain-error';
import { FILTER_LABELS, MAX_PAGE, type ToolsQueryDto } from '../dto/tools-query.dto';
import type { IndexedTool } from '../read-model/catalogue-index';
import type { SearchPlan } from '../search/search-plan';
import type { ListingCriteria, ListingOrder } from '../tools.repository';

/**
 * One listing request, checked: what both executors of the listing take (SQL, `SqlListing`; the
 * catalogue in memory, `MemoryListing`), so that filters, search, order and paging mean the same
 * whichever answers (docs/product/rules.md#R872).
 */
export interface ListingSpec {
  categories: number[];
  types: number[];
  difficulties: Difficulty[];
  /** Only tools whose document conforms, its current file or its alternative accessible (docs/product/rules.md#R950). */
  accessibleOnly?: boolean;
  /** Only this member's favourites. */
  favoritesOf?: string;
  /** The visitor's search text, planned by the executor (docs/product/rules.md#R600). */
  q?: string;
  sort?: ListingOrder;
  page: number;
  pageSize: number;
  /** The admin listing (`max`): drafts and scheduled tools too (#R655), with download counts (#R75). */
  admin: boolean;
}

/** A page of the listing as an executor answers it: the tools (JSON cut around isFavorite), the total and the counts. */
export interface ListingResult {
  tools: IndexedTool[];
  total: number;
  facets: ListingFacets;
}

/**
 * The specification of a listing query, after the guards that need no data: onlyFavorites asks
 * for a member (401), the admin listing for an admin (401, then 403, docs/product/rules.md#R75).
 */
export function listingSpec(query: ToolsQueryDto, caller: AuthUser | undefined): ListingSpec {
  if (query.onlyFavorites && !caller) throw new UnauthorizedError(CatalogueMessages.favoritesNeedLogin);
  if (query.max !== undefined && !caller) throw new UnauthorizedError(CommonMessages.unauthorized);
  if (query.max !== undefined && !caller?.isAdmin) throw new ForbiddenError(CommonMessages.forbidden);
  return {
    categories: query.categories,
    types: query.types,
    difficulties: query.difficulties,
    accessibleOnly: query.accessibleOnly === true,
    favoritesOf: query.onlyFavorites ? caller?.id : undefined,
    q: query.q,
    sort: query.sort,
    page: query.page,
    pageSize: query.max ?? LISTING_PAGE_SIZE,
    admin: query.max !== undefined,
  };
}

/** A filter naming a topic or a type that does not exist is a 400 (docs/product/rules.md#R73). */
export function assertKnownFilters(spec: Pick<ListingSpec, 'categories' | 'types'>, known: { categories: NamedRef[]; types: NamedRef[] }): void {
  const has = (list: NamedRef[], id: number) => list.some((ref) => ref.id === id);
  if (spec.categories.some((id) => !has(known.categories, id))) throw new BadRequestError(CatalogueMessages.unknownFilter(FILTER_LABELS.categories));
  if (spec.types.some((id) => !has(known.types, id))) throw new BadRequestError(CatalogueMessages.unknownFilter(FILTER_LABELS.types));
}

/** docs/product/rules.md#R605: relevance by default while searching, newest first otherwise; relevance without a search is newest first. */
export function listingOrder(sort: ListingOrder | undefined, searching: boolean): ListingOrder {
  if (sort === 'relevance' || sort === undefined) return searching ? 'relevance' : 'recent';
  return sort;
}

/** The repository's criteria for a spec whose search is planned (undefined: no word to search). */
export function listingCriteria(spec: ListingSpec, search: SearchPlan | undefined): ListingCriteria {
  return {
    categories: spec.categories,
    types: spec.types,
    difficulties: spec.difficulties,
    accessibleOnly: spec.accessibleOnly,
    favoritesOf: spec.favoritesOf,
    search,
    includeUnpublished: spec.admin,
    order: listingOrder(spec.sort, search !== undefined),
    limit: spec.pageSize,
    offset: (spec.page - 1) * spec.pageSize,
  };
}

/** Pages past MAX_PAGE are refused (docs/product/rules.md#R182): never offer them. */
export const lastPageOf = (total: number, pageSize: number) => Math.min(MAX_PAGE, Math.max(1, Math.ceil(total / pageSize)));

/** The key of a guest's listing answer among the kept ones. */
export const listingKey = (spec: ListingSpec) =>
  `list:${spec.page}|${spec.categories.join(',')}|${spec.types.join(',')}|${spec.difficulties.join(',')}|${spec.accessibleOnly ? 'a11y' : ''}|${spec.q ?? ''}|${spec.sort ?? ''}`;
