-- GET /api/tools — the SQL that ToolsRepository.list() sends, and the plans PostgreSQL chose
-- for it at 100 000 tools (captured by apps/api/test/integration/catalogue-scale.int-spec.ts,
-- which asserts the "index walk, no sort" part on every run). Only the active conditions are
-- written; every value is a bind parameter.

-- 1. The page (12 rows, or `max` for the admin listing).
SELECT t.id, t.slug, t.name, t.description, t.goal, t.people, t.duration, t.difficulty, t.created_at,
       t.is_featured, t.download_count, ty.id AS type_id, ty.name AS type_name, c.id AS category_id, c.name AS category_name
  FROM tool t
  JOIN tool_type ty ON ty.id = t.type_id
  JOIN category c ON c.id = t.category_id
 WHERE t.category_id = ANY($1::int[])                 -- categories[] (OR within the group)
   AND t.type_id = ANY($2::int[])                     -- types[]
   AND t.difficulty = ANY($3::varchar[])              -- difficulties[]
   AND EXISTS (SELECT 1 FROM favorite f WHERE f.tool_id = t.id AND f.user_id = $4::uuid)   -- onlyFavorites=true
   AND t.search_vector @@ websearch_to_tsquery('public.french_unaccent', $5)              -- q
 ORDER BY t.created_at DESC, t.id DESC                -- default; sort=popular: t.download_count DESC, t.id DESC;
                                                      -- q without sort: ts_rank_cd(...) DESC, t.created_at DESC, t.id DESC
 LIMIT $6 OFFSET $7;

-- 2. The total, same WHERE, no join.
SELECT count(*)::int AS total FROM tool t WHERE /* same conditions */ true;

-- 3. Images of the page's tools, in display order (one query for the page).
SELECT id, tool_id FROM tool_image WHERE tool_id = ANY($1::int[]) ORDER BY tool_id, position, created_at;

-- 4. isFavorite for a signed-in caller (one query for the page).
SELECT tool_id FROM favorite WHERE user_id = $1 AND tool_id = ANY($2::int[]);

-- Plans at 100 000 tools (EXPLAIN ANALYZE, COSTS OFF; a 2-core machine under load):
--
-- ?page=1                       Limit -> Nested Loop -> Index Scan using tool_recent_idx (rows=12)      0.27 ms
--                               count: Seq Scan on tool                                                  ~10–45 ms
-- ?page=50                      Index Scan using tool_recent_idx (rows=600, OFFSET 588)                  0.65 ms
-- ?categories[]=3               Index Scan using tool_recent_idx, Filter category_id (rows removed 56)   0.24 ms
--                               count: Bitmap Index Scan on tool_category_recent_idx                     ~29 ms
--                               (a rare category makes the planner walk tool_category_recent_idx instead)
-- ?types[]=2&difficulties[]=Moyen  Index Scan using tool_recent_idx + Filter (rows removed 154)          0.17 ms
-- ?sort=popular                 Index Scan using tool_popular_idx (rows=12)                              0.13 ms
-- ?q=securite                   Bitmap Index Scan on tool_search_idx (GIN), top-N heapsort of matches    11 ms
--
-- The page itself never sorts the table: it walks an index and stops after LIMIT rows. The
-- count is the only part that grows with the table (an index/bitmap scan, tens of ms at
-- 100 000 rows); the last pages also pay their OFFSET. Joins to tool_type/category hit their
-- primary keys through Memoize.
