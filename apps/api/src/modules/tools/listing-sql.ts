import type { Difficulty } from '@outils/contracts';
import { publishedTool } from '@outils/server-db';
import { plainQueryText, RANKED_MATCHES, SearchPlan, stemmedQueryText } from './search/search-plan';
import { ACCESSIBLE_DOCUMENT_SQL } from './tool-accessibility';
import { TOOL_COLUMNS, TOOL_FROM } from './tool-sql';

/* The SQL of the public reads of `tool` by criteria: the listing, its ids, counts and suggestions (ToolsRepository). */

export type ListingOrder = 'recent' | 'popular' | 'shortest' | 'relevance';

/**
 * Every public tool a search matches (docs/product/rules.md#R610): `ids` newest first, `ranked`
 * the first RANKED_MATCHES of them by relevance. The relevance order is `ranked`, then the rest of `ids`.
 */
export interface SearchMatchIds { ids: number[]; ranked: number[] }

/** Relevance: the ranked matches, then the others newest first (docs/product/rules.md#R610). */
export const relevanceOrder = ({ ids, ranked }: SearchMatchIds): number[] => (ranked.length < ids.length ? ranked.concat(ids.slice(ranked.length)) : ranked);

export interface ListingCriteria {
  categories?: number[];
  types?: number[];
  difficulties?: Difficulty[];
  /** Only tools whose document conforms, its current file or its alternative accessible (docs/product/rules.md#R950). */
  accessibleOnly?: boolean;
  /** Only the favourites of this user. */
  favoritesOf?: string;
  /** The visitor's search, planned by `searchPlan` (docs/product/rules.md#R600). */
  search?: SearchPlan;
  order: ListingOrder;
  /** Drafts and scheduled tools too (the admin listing); public reads never set it (docs/product/rules.md#R651). */
  includeUnpublished?: boolean;
  limit: number;
  offset: number;
}


/** One word: its beginning, stemmed or as written, or one of its corrections (docs/product/rules.md#R600, #R601). */
function searchQuerySql(plan: SearchPlan, param: (value: unknown) => string): string | undefined {
  const word = (stemmed: string, plain: string) =>
    `(to_tsquery('public.french_unaccent', ${param(stemmed)}) || to_tsquery('public.simple_unaccent', ${param(plain)}))`;
  const parts = plan.terms.map((term) => word(stemmedQueryText(term), plainQueryText(term)));
  if (!parts.length) return undefined;
  for (const excluded of plan.excluded) parts.push(`!!${word(`'${excluded}'`, `'${excluded}'`)}`);
  return `(${parts.join(' && ')})`;
}

/** The relevance of a tool for a search query (docs/product/rules.md#R600: weights D, C, B, A). */
export const RANK_SQL = (query: string) => `ts_rank_cd('{0.1, 0.3, 0.6, 1.0}', t.search_vector, ${query})`;

/**
 * The WHERE and ORDER BY of every public read of `tool` by criteria (listing, ids, facets,
 * suggestions): the one place for a condition that every public listing must keep. Only the active
 * conditions are written, so the planner sees plain indexable predicates.
 */
export function listingParts(criteria: Omit<ListingCriteria, 'limit' | 'offset' | 'order'> & { order?: ListingOrder }): {
  params: unknown[];
  whereSql: string;
  orderSql: string;
  /** The search's tsquery expression, when searching. */
  querySql?: string;
} {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (!criteria.includeUnpublished) where.push(publishedTool('t'));
  if (criteria.categories?.length) where.push(`t.category_id = ANY(${param(criteria.categories)}::int[])`);
  if (criteria.types?.length) where.push(`t.type_id = ANY(${param(criteria.types)}::int[])`);
  if (criteria.difficulties?.length) where.push(`t.difficulty = ANY(${param(criteria.difficulties)}::varchar[])`);
  if (criteria.accessibleOnly) where.push(ACCESSIBLE_DOCUMENT_SQL);
  if (criteria.favoritesOf) {
    where.push(`EXISTS (SELECT 1 FROM favorite f WHERE f.tool_id = t.id AND f.user_id = ${param(criteria.favoritesOf)}::uuid)`);
  }
  const query = criteria.search ? searchQuerySql(criteria.search, param) : undefined;
  if (query) where.push(`t.search_vector @@ ${query}`);
  // docs/product/rules.md#R605: the orders; the name weighs most in relevance (weights D, C, B, A).
  // docs/product/rules.md#R610: only the newest RANKED_MATCHES matches are ranked (those from the
  // newest down to the cut-off match; no cut-off when fewer match), the others follow newest first.
  let rankSql = '';
  if (criteria.order === 'relevance' && query) {
    const cutoff = `(SELECT c.published_at, c.id FROM tool c WHERE ${criteria.includeUnpublished ? '' : `${publishedTool('c')} AND `}c.search_vector @@ ${query}
      ORDER BY c.published_at DESC, c.id DESC OFFSET ${RANKED_MATCHES - 1} LIMIT 1)`;
    rankSql = `CASE WHEN COALESCE((t.published_at, t.id) >= ${cutoff}, true) THEN ${RANK_SQL(query)} END DESC NULLS LAST, `;
  }
  const orderSql =
    criteria.order === 'popular' ? 't.download_count DESC, t.id DESC'
    : criteria.order === 'shortest' ? 't.duration ASC NULLS LAST, t.published_at DESC, t.id DESC'
    : `${rankSql}t.published_at DESC, t.id DESC`;
  return { params, whereSql: where.length ? `WHERE ${where.join(' AND ')}` : '', orderSql, querySql: query };
}

/**
 * The listing's two statements, a page of rows and the count, as `ToolsRepository.list` runs them;
 * exported for the bench, whose baseline and query plans use this very SQL (tools/bench).
 */
export function listingQueries(criteria: ListingCriteria) {
  const { params, whereSql, orderSql } = listingParts(criteria);
  return {
    pageSql: `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} ${whereSql} ORDER BY ${orderSql} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    pageParams: [...params, criteria.limit, criteria.offset],
    countSql: `SELECT count(*)::int AS total FROM tool t ${whereSql}`,
    countParams: params,
  };
}
