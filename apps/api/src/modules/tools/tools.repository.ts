import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Difficulty, FacetCount, ListingFacets, ToolAccessibility } from '@outils/contracts';
import { publishedTool } from '@outils/server-db';
import { sortedFacets } from './search/facets';
import { ListingCriteria, listingParts, listingQueries, RANK_SQL, SearchMatchIds } from './listing-sql';
import { MAX_COMPLETIONS, RANKED_MATCHES, SearchPlan, WordLookup } from './search/search-plan';
import { A11Y_COLUMNS, accessibilityOf, type AccessibilityColumns, type AlternativeColumns } from './tool-accessibility';
import { TOOL_COLUMNS, TOOL_FROM } from './tool-sql';

/** One tool as the listing and the sheet read it, with its type and category names. */
export interface ToolRow extends AccessibilityColumns, AlternativeColumns {
  id: number;
  slug: string;
  name: string;
  description: string;
  goal: string | null;
  people: string | null;
  duration: string | null;
  difficulty: Difficulty | null;
  created_at: Date;
  /** NULL for a draft; in the future for a scheduled tool (docs/product/rules.md#R650). */
  published_at: Date | null;
  is_featured: boolean;
  download_count: number;
  type_id: number;
  type_name: string;
  category_id: number;
  category_name: string;
  /** The file's facts (docs/product/rules.md#R630–R632), its preview (#R636) and its version with its note (#R900). */
  file_mime: string;
  file_size: number;
  file_pages: number | null;
  file_updated_at: Date | null;
  preview_key: string | null;
  preview_width: number | null;
  preview_height: number | null;
  version_number?: number;
  version_note?: string | null;
}

export interface ImageRef { id: string; tool_id: number }

export interface ToolFileInfo {
  name: string; type: string; size: number; alt: string | null;
  alternative: { name: string; type: string; size: number; accessibility: ToolAccessibility | null } | null;
}

export interface StoredFileRef { key: string; mime: string }

export { listingQueries, relevanceOrder, type ListingCriteria, type ListingOrder, type SearchMatchIds } from './listing-sql';
export { TOOL_COLUMNS, TOOL_FROM };
const visible = (includeUnpublished: boolean) => (includeUnpublished ? '' : ` AND ${publishedTool('t')}`);

const FACET_COLUMNS = { categories: 't.category_id', types: 't.type_id', difficulties: 't.difficulty' } as const;
type FacetGroup = keyof typeof FACET_COLUMNS;

/**
 * Read side of the catalogue. The listing is one query for the page and one count, each using
 * the indexes of the schema migration (see `tools-listing.sql` for the SQL and its plans), so a
 * page costs about the same at 100 000 tools as at 30.
 */
@Injectable()
export class ToolsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(criteria: ListingCriteria): Promise<{ rows: ToolRow[]; total: number }> {
    const { pageSql, pageParams, countSql, countParams } = listingQueries(criteria);
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(pageSql, pageParams) as Promise<ToolRow[]>,
      this.dataSource.query(countSql, countParams) as Promise<Array<{ total: number }>>,
    ]);
    return { rows, total };
  }

  /**
   * Ids first (docs/product/rules.md#R304): the page's ids from an index walk, without joins or
   * wide rows; the read model turns ids into JSON. Same conditions and order as `list`; the
   * caller takes the total from the counts of `facets` (every tool has one topic).
   */
  async pageIds(criteria: ListingCriteria): Promise<number[]> {
    const { params, whereSql, orderSql } = listingParts(criteria);
    const pageSql = `SELECT t.id FROM tool t ${whereSql} ORDER BY ${orderSql} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
    const rows: Array<{ id: number }> = await this.dataSource.query(pageSql, [...params, criteria.limit, criteria.offset]);
    return rows.map((r) => r.id);
  }

  /**
   * Every public tool a search matches, in one statement (docs/product/rules.md#R610): their ids
   * newest first and the newest RANKED_MATCHES of them by relevance, so that pages, orders,
   * filters and counts of the search are then computed in memory without asking again. The
   * matching runs on the GIN index: a common word matches a fifth of the catalogue, which the
   * planner would rather read whole, testing every tool's words (three times slower).
   */
  async searchMatches(search: SearchPlan): Promise<SearchMatchIds> {
    const { params, whereSql, querySql: query } = listingParts({ search });
    if (!query) return { ids: [], ranked: [] };
    const sql = `WITH m AS MATERIALIZED (SELECT t.id FROM tool t ${whereSql} ORDER BY t.published_at DESC, t.id DESC)
      SELECT ARRAY(SELECT id FROM m) AS ids,
             ARRAY(SELECT t.id FROM (SELECT id FROM m LIMIT ${RANKED_MATCHES}) n JOIN tool t ON t.id = n.id
                    ORDER BY ${RANK_SQL(query)} DESC, t.published_at DESC, t.id DESC) AS ranked`;
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      const [row]: SearchMatchIds[] = await manager.query(sql, params);
      return row;
    });
  }

  /**
   * What the dictionary of words says of each word (docs/product/rules.md#R601): whether a known
   * word begins with it (an index range on `search_word`), else its nearest known words by trigrams.
   */
  async lookupWords(words: string[]): Promise<WordLookup[]> {
    if (!words.length) return [];
    const rows: WordLookup[] = await this.dataSource.query(
      `SELECT f.folded, c.completions,
              CASE WHEN cardinality(c.completions) > 0 OR f.folded = '' THEN '{}'::text[]
                   ELSE ARRAY(SELECT s.word FROM search_word s WHERE s.word % f.folded ORDER BY s.word <-> f.folded, s.word LIMIT 8) END AS near
         FROM unnest($1::text[]) WITH ORDINALITY AS w(word, n)
        CROSS JOIN LATERAL (SELECT regexp_replace(lower(public.unaccent(w.word)), '[^a-z0-9]', '', 'g')::text COLLATE "C" AS folded) f
        CROSS JOIN LATERAL (SELECT ARRAY(SELECT s.word::text FROM search_word s
                                          WHERE f.folded <> '' AND s.word >= f.folded AND s.word < f.folded || '{'
                                          ORDER BY s.word LIMIT $2) AS completions) c
        ORDER BY w.n`,
      [words, MAX_COMPLETIONS + 1],
    );
    return rows;
  }

  /**
   * The counts of each filter option under the criteria (docs/product/rules.md#R606): a group's
   * counts ignore that group's own selection. Groups without a selection share one query
   * (GROUPING SETS); each group with a selection has its own.
   */
  async facets(criteria: Omit<ListingCriteria, 'limit' | 'offset' | 'order'>): Promise<ListingFacets> {
    const groups = Object.keys(FACET_COLUMNS) as FacetGroup[];
    const selected = groups.filter((g) => criteria[g]?.length);
    const free = groups.filter((g) => !criteria[g]?.length);
    const out: ListingFacets = { categories: [], types: [], difficulties: [], accessible: 0 };
    // docs/product/rules.md#R950: the accessible documents of the selection, the filter itself aside.
    const accessible = listingParts({ ...criteria, accessibleOnly: true });
    const queries: Array<Promise<void>> = [
      (this.dataSource.query(`SELECT count(*)::int AS n FROM tool t ${accessible.whereSql}`, accessible.params) as Promise<Array<{ n: number }>>).then(
        ([row]) => void (out.accessible = row.n),
      ),
    ];
    if (free.length) {
      const { params, whereSql } = listingParts(criteria);
      const sets = free.map((g) => `(${FACET_COLUMNS[g]})`).join(', ');
      const select = free.map((g) => `${FACET_COLUMNS[g]} AS ${g}, GROUPING(${FACET_COLUMNS[g]}) AS g_${g}`).join(', ');
      queries.push(
        (this.dataSource.query(`SELECT ${select}, count(*)::int AS n FROM tool t ${whereSql} GROUP BY GROUPING SETS (${sets})`, params) as Promise<
          Array<Record<string, unknown>>
        >).then((rows) => {
          for (const row of rows) {
            for (const g of free) {
              if (row[`g_${g}`] === 0 && row[g] !== null) (out[g] as FacetCount<unknown>[]).push({ id: row[g], count: row.n as number });
            }
          }
        }),
      );
    }
    for (const g of selected) {
      const { params, whereSql } = listingParts({ ...criteria, [g]: [] });
      queries.push(
        (this.dataSource.query(
          `SELECT ${FACET_COLUMNS[g]} AS id, count(*)::int AS count FROM tool t ${whereSql} ${whereSql ? 'AND' : 'WHERE'} ${FACET_COLUMNS[g]} IS NOT NULL GROUP BY 1`,
          params,
        ) as Promise<Array<FacetCount<never>>>).then((rows) => {
          (out[g] as FacetCount<unknown>[]).push(...rows);
        }),
      );
    }
    await Promise.all(queries);
    return sortedFacets(out);
  }

  /** The best matches of a search, for the suggestions under the box (docs/product/rules.md#R602). */
  async suggestTools(search: SearchPlan, limit: number): Promise<Array<{ id: number; slug: string; name: string }>> {
    if (!search.terms.length) return [];
    const { params, whereSql, orderSql } = listingParts({ search, order: 'relevance' });
    return this.dataSource.query(`SELECT t.id, t.slug, t.name FROM tool t ${whereSql} ORDER BY ${orderSql} LIMIT $${params.length + 1}`, [
      ...params,
      limit,
    ]);
  }

  /**
   * Every published tool with its images, for the read model (docs/product/rules.md#R300,
   * docs/product/rules.md#R651); `ids` narrows it (an id left out is not, or no longer, public).
   */
  async toolsWithImages(ids: number[]): Promise<{ rows: ToolRow[]; images: ImageRef[] }> {
    if (ids.length === 0) return { rows: [], images: [] };
    const [rows, images] = await Promise.all([
      this.dataSource.query(`SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE ${publishedTool('t')} AND t.id = ANY($1::int[])`, [ids]) as Promise<ToolRow[]>,
      this.imagesOf(ids),
    ]);
    return { rows, images };
  }

  /**
   * The published tools after `afterId` in id order, at most `limit`, with their images: the read
   * model's build, one batch at a time (docs/product/rules.md#R895).
   */
  async publishedAfter(afterId: number, limit: number): Promise<{ rows: ToolRow[]; images: ImageRef[] }> {
    const rows: ToolRow[] = await this.dataSource.query(
      `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE ${publishedTool('t')} AND t.id > $1 ORDER BY t.id LIMIT $2`,
      [afterId, limit],
    );
    return { rows, images: rows.length ? await this.imagesOf(rows.map((row) => row.id)) : [] };
  }

  /** All the favourites of one user (the read model's isFavorite overlay, docs/product/rules.md#R301). */
  async allFavoriteIds(userId: string): Promise<Set<number>> {
    const rows: Array<{ tool_id: number }> = await this.dataSource.query(`SELECT tool_id FROM favorite WHERE user_id = $1`, [userId]);
    return new Set(rows.map((r) => r.tool_id));
  }

  /** `includeUnpublished`: the admin's read; otherwise only a public tool (docs/product/rules.md#R651). */
  async findById(id: number, includeUnpublished = false): Promise<ToolRow | null> {
    const rows: ToolRow[] = await this.dataSource.query(`SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE t.id = $1${visible(includeUnpublished)}`, [id]);
    return rows[0] ?? null;
  }

  /** Several public tools by id, in no particular order (the caller orders them); others are left out. */
  async findByIds(ids: number[]): Promise<ToolRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(`SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE t.id = ANY($1::int[]) AND ${publishedTool('t')}`, [ids]);
  }

  async findBySlug(slug: string, includeUnpublished = false): Promise<ToolRow | null> {
    const rows: ToolRow[] = await this.dataSource.query(`SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE t.slug = $1${visible(includeUnpublished)}`, [slug]);
    return rows[0] ?? null;
  }

  /** The current slug of the tool that once had `slug` (docs/product/rules.md#R99: renames keep links). */
  async currentSlugForFormer(slug: string, includeUnpublished = false): Promise<string | null> {
    const rows: Array<{ slug: string }> = await this.dataSource.query(
      `SELECT t.slug FROM tool_slug_history h JOIN tool t ON t.id = h.tool_id WHERE h.slug = $1${visible(includeUnpublished)}`,
      [slug],
    );
    return rows[0]?.slug ?? null;
  }

  /** The newest public tool flagged as tool of the month, else the newest public tool (two indexed reads). */
  async findFeatured(): Promise<ToolRow | null> {
    const [featured]: ToolRow[] = await this.dataSource.query(
      `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE t.is_featured AND ${publishedTool('t')} ORDER BY t.published_at DESC, t.id DESC LIMIT 1`,
    );
    if (featured) return featured;
    const [newest]: ToolRow[] = await this.dataSource.query(
      `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE ${publishedTool('t')} ORDER BY t.published_at DESC, t.id DESC LIMIT 1`,
    );
    return newest ?? null;
  }

  /**
   * Scheduled tools whose moment came after `since` and up to now, the database's now, and the
   * next moment still to come (docs/product/rules.md#R652): the read model's clock. Index walks.
   */
  async publicationsDue(since: Date | null): Promise<{ ids: number[]; now: Date; next: Date | null }> {
    const [row]: Array<{ ids: number[]; now: Date; next: Date | null }> = await this.dataSource.query(
      `SELECT now() AS now,
              ARRAY(SELECT t.id FROM tool t WHERE $1::timestamptz IS NOT NULL AND t.published_at > $1::timestamptz AND ${publishedTool('t')}) AS ids,
              (SELECT min(t.published_at) FROM tool t WHERE t.published_at > now()) AS next`,
      [since],
    );
    return { ids: row.ids, now: new Date(row.now), next: row.next ? new Date(row.next) : null };
  }

  /** Images of several tools in one query, in display order. */
  async imagesOf(toolIds: number[]): Promise<ImageRef[]> {
    if (toolIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT id, tool_id FROM tool_image WHERE tool_id = ANY($1::int[]) ORDER BY tool_id, position, created_at`,
      [toolIds],
    );
  }

  /** Which of `toolIds` the user has in their favourites (one query per page). */
  async favoriteIds(userId: string, toolIds: number[]): Promise<Set<number>> {
    if (toolIds.length === 0) return new Set();
    const rows: Array<{ tool_id: number }> = await this.dataSource.query(
      `SELECT tool_id FROM favorite WHERE user_id = $1 AND tool_id = ANY($2::int[])`,
      [userId, toolIds],
    );
    return new Set(rows.map((r) => r.tool_id));
  }

  async exists(toolId: number): Promise<boolean> {
    const rows = await this.dataSource.query(`SELECT 1 FROM tool WHERE id = $1`, [toolId]);
    return rows.length > 0;
  }

  /** The tool's current file as the admin's form shows it (name given at upload, type, size). */
  async fileInfo(toolId: number): Promise<ToolFileInfo | null> {
    const [row] = await this.dataSource.query(
      `SELECT t.file_name AS name, t.file_mime AS type, t.file_size AS size, t.file_alt AS alt,
              t.alt_file_name, t.alt_file_mime, t.alt_file_size, ${A11Y_COLUMNS}
         FROM tool t LEFT JOIN tool_file_accessibility a11y ON a11y.tool_id = t.id AND a11y.file_key = t.alt_file_key
        WHERE t.id = $1`,
      [toolId],
    );
    if (!row) return null;
    // docs/product/rules.md#R947: the alternative with its own check.
    const alternative = row.alt_file_name
      ? { name: row.alt_file_name, type: row.alt_file_mime, size: row.alt_file_size, accessibility: accessibilityOf(row) }
      : null;
    return { name: row.name, type: row.type, size: row.size, alt: row.alt, alternative };
  }

  /** The tool preview stored under `tools/previews/<id>.png` (docs/product/rules.md#R636). */
  async findPreview(previewId: string): Promise<StoredFileRef | null> {
    const key = `tools/previews/${previewId}.png`;
    const rows = await this.dataSource.query(`SELECT 1 FROM tool WHERE preview_key = $1`, [key]);
    return rows.length > 0 ? { key, mime: 'image/png' } : null;
  }

  async findImage(imageId: string): Promise<StoredFileRef | null> {
    const rows: StoredFileRef[] = await this.dataSource.query(
      `SELECT storage_key AS key, mime FROM tool_image WHERE id = $1::uuid`,
      [imageId],
    );
    return rows[0] ?? null;
  }
}
