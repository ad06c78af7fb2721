-- GET /api/tools — the SQL that ToolsRepository.list() sends, and the plans PostgreSQL chose
-- for it at 100 000 tools (captured by apps/api/test/integration/catalogue-scale.int-spec.ts,
-- which asserts the "index walk, no sort" part on every run). Only the active conditions are
-- written; every value is a bind parameter.

-- 1. The page (12 rows, or `max` for the admin listing).
SELECT t.id, t.slug, t.name, t.description, t.goal, t.people, t.duration, t.difficulty, t.created_at, t.published_at,
       t.is_featured, t.download_count, ty.id AS type_id, ty.name AS type_name, c.id AS category_id, c.name AS category_name
  FROM tool t
  JOIN tool_type ty ON ty.id = t.type_id
  JOIN category c ON c.id = t.category_id
 WHERE t.published_at <= now()                        -- publishedTool('t'): public tools only (rules.md#R651; not for `max`)
   AND t.category_id = ANY($1::int[])                 -- categories[] (OR within the group)
   AND t.type_id = ANY($2::int[])                     -- types[]
   AND t.difficulty = ANY($3::varchar[])              -- difficulties[]
   AND EXISTS (SELECT 1 FROM favorite f WHERE f.tool_id = t.id AND f.user_id = $4::uuid)   -- onlyFavorites=true
   AND t.search_vector @@ (                                                                -- q (docs/product/rules.md#R600)
         (to_tsquery('public.french_unaccent', $5) || to_tsquery('public.simple_unaccent', $6))   -- one per word:
     &&  (to_tsquery('public.french_unaccent', $7) || to_tsquery('public.simple_unaccent', $8)))  --   $5 = 'cyber' | 'correction'…
                                                      --   $6 = 'cybersecurite' | 'cyberattaque' (completions) or 'co':*
 ORDER BY t.published_at DESC, t.id DESC              -- default (rules.md#R653); sort=popular: t.download_count DESC, t.id DESC;
                                                      -- sort=shortest: t.duration ASC NULLS LAST, t.published_at DESC, t.id DESC;
                                                      -- q (relevance): ts_rank_cd('{0.1,0.3,0.6,1.0}', t.search_vector, <q>) DESC, t.published_at DESC, t.id DESC
 LIMIT $9 OFFSET $10;

-- 2. The total, same WHERE, no join.
SELECT count(*)::int AS total FROM tool t WHERE /* same conditions */ true;

-- 2b. Filter counts with a search (docs/product/rules.md#R606; without a search the read model counts in memory).
-- Groups without a selection, in one query:
SELECT t.category_id AS categories, GROUPING(t.category_id) AS g_categories, t.type_id AS types, GROUPING(t.type_id) AS g_types,
       t.difficulty AS difficulties, GROUPING(t.difficulty) AS g_difficulties, count(*)::int AS n
  FROM tool t WHERE /* all conditions */ true
 GROUP BY GROUPING SETS ((t.category_id), (t.type_id), (t.difficulty));
-- Each group with a selection, its own condition left out:
SELECT t.category_id AS id, count(*)::int AS count FROM tool t WHERE /* all conditions but categories[] */ true AND t.category_id IS NOT NULL GROUP BY 1;

-- 2c. The words of a search, one round trip before the queries above (dictionary `search_word`):
-- the known words each one begins (≤ 13, a range scan on the "C"-collated key), and when none,
-- its nearest words by trigrams (GIN gin_trgm_ops) for one-typo corrections.
-- One statement, ToolsRepository.lookupWords (its text there, not copied here):
--   unnest($1 words) → each folded (lower case, accents and non-letters removed, "C" collation)
--   → its completions: search_word rows in [folded, folded || '{') ORDER BY word LIMIT $2
--   → when none, its 8 nearest words: search_word WHERE word % folded ORDER BY word <-> folded.

-- 2d. Suggestions: SELECT t.id, t.slug, t.name FROM tool t WHERE <q> ORDER BY <relevance> LIMIT 6.

-- 3. Images of the page's tools, in display order (one query for the page).
SELECT id, tool_id FROM tool_image WHERE tool_id = ANY($1::int[]) ORDER BY tool_id, position, created_at;

-- 4. isFavorite for a signed-in caller (one query for the page).
SELECT tool_id FROM favorite WHERE user_id = $1 AND tool_id = ANY($2::int[]);

-- The *_recent_idx indexes walk (…, published_at DESC, id DESC) since migration 1766600000000;
-- `published_at <= now()` is their index condition.
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
--                               (since 1766400000000: the word's completions as exact terms; a prefix
--                               term `:*` is estimated at ~2 % of the table and made the planner pick a
--                               Seq Scan, hence completions; catalogue-scale.int-spec.ts asserts the GIN scan)
--
-- The page itself never sorts the table: it walks an index and stops after LIMIT rows. The
-- count is the only part that grows with the table (an index/bitmap scan, tens of ms at
-- 100 000 rows); the last pages also pay their OFFSET. Joins to tool_type/category hit their
-- primary keys through Memoize.
