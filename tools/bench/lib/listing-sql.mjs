// @ts-check
// The catalogue listing's SQL as apps/api/src/modules/tools/tools.repository.ts writes it
// (ToolsRepository.list), shared by the baseline server and the bench's EXPLAIN ANALYZE.
export const TOOL_COLUMNS = `
  t.id, t.slug, t.name, t.description, t.goal, t.people, t.duration, t.difficulty, t.created_at,
  t.is_featured, t.download_count, ty.id AS type_id, ty.name AS type_name, c.id AS category_id, c.name AS category_name`;
export const TOOL_FROM = `tool t JOIN tool_type ty ON ty.id = t.type_id JOIN category c ON c.id = t.category_id`;
const SEARCH_QUERY = (param) => `websearch_to_tsquery('public.french_unaccent', ${param})`;

/** criteria: { categories, types, difficulties, favoritesOf, search, order, limit, offset } */
export function listingSql(criteria) {
  const params = [];
  const param = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [];
  if (criteria.categories?.length) where.push(`t.category_id = ANY(${param(criteria.categories)}::int[])`);
  if (criteria.types?.length) where.push(`t.type_id = ANY(${param(criteria.types)}::int[])`);
  if (criteria.difficulties?.length) where.push(`t.difficulty = ANY(${param(criteria.difficulties)}::varchar[])`);
  if (criteria.favoritesOf) {
    where.push(`EXISTS (SELECT 1 FROM favorite f WHERE f.tool_id = t.id AND f.user_id = ${param(criteria.favoritesOf)}::uuid)`);
  }
  let searchParam;
  if (criteria.search) {
    searchParam = param(criteria.search);
    where.push(`t.search_vector @@ ${SEARCH_QUERY(searchParam)}`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const countParams = [...params];
  const order = criteria.order ?? (criteria.search ? 'relevance' : 'recent');
  const orderSql =
    order === 'popular' ? 't.download_count DESC, t.id DESC'
    : order === 'relevance' && searchParam ? `ts_rank_cd(t.search_vector, ${SEARCH_QUERY(searchParam)}) DESC, t.created_at DESC, t.id DESC`
    : 't.created_at DESC, t.id DESC';
  const pageSql = `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} ${whereSql}
      ORDER BY ${orderSql} LIMIT ${param(criteria.limit)} OFFSET ${param(criteria.offset)}`;
  return { pageSql, params, countSql: `SELECT count(*)::int AS total FROM tool t ${whereSql}`, countParams };
}

/** Inlines $n parameters as literals, for EXPLAIN of a readable statement. */
export function inline(sql, params) {
  const lit = (v) =>
    Array.isArray(v) ? `ARRAY[${v.map(lit).join(',')}]`
    : typeof v === 'number' ? String(v)
    : `'${String(v).replace(/'/g, "''")}'`;
  return sql.replace(/\$(\d+)/g, (_, n) => lit(params[Number(n) - 1]));
}
