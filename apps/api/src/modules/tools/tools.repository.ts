import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Difficulty } from '@outils/contracts';

/** One tool as the listing and the sheet read it, with its type and category names. */
export interface ToolRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  goal: string | null;
  people: string | null;
  duration: string | null;
  difficulty: Difficulty | null;
  created_at: Date;
  is_featured: boolean;
  download_count: number;
  type_id: number;
  type_name: string;
  category_id: number;
  category_name: string;
}

export interface ImageRef {
  id: string;
  tool_id: number;
}

export interface ToolFileInfo {
  name: string;
  type: string;
  size: number;
}

export interface StoredFileRef {
  key: string;
  mime: string;
}

export type ListingOrder = 'recent' | 'popular' | 'relevance';

export interface ListingCriteria {
  categories?: number[];
  types?: number[];
  difficulties?: Difficulty[];
  /** Only the favourites of this user. */
  favoritesOf?: string;
  /** Text for `websearch_to_tsquery` (quotes, OR and -word are understood). */
  search?: string;
  order: ListingOrder;
  limit: number;
  offset: number;
}

const TOOL_COLUMNS = `
  t.id, t.slug, t.name, t.description, t.goal, t.people, t.duration, t.difficulty, t.created_at,
  t.is_featured, t.download_count, ty.id AS type_id, ty.name AS type_name, c.id AS category_id, c.name AS category_name`;
const TOOL_FROM = `tool t JOIN tool_type ty ON ty.id = t.type_id JOIN category c ON c.id = t.category_id`;
const SEARCH_QUERY = (param: string) => `websearch_to_tsquery('public.french_unaccent', ${param})`;

/** The WHERE and ORDER BY of a listing; only the active conditions are written, so the planner sees plain indexable predicates. */
function listingParts(criteria: ListingCriteria): { params: unknown[]; whereSql: string; orderSql: string } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (criteria.categories?.length) where.push(`t.category_id = ANY(${param(criteria.categories)}::int[])`);
  if (criteria.types?.length) where.push(`t.type_id = ANY(${param(criteria.types)}::int[])`);
  if (criteria.difficulties?.length) where.push(`t.difficulty = ANY(${param(criteria.difficulties)}::varchar[])`);
  if (criteria.favoritesOf) {
    where.push(`EXISTS (SELECT 1 FROM favorite f WHERE f.tool_id = t.id AND f.user_id = ${param(criteria.favoritesOf)}::uuid)`);
  }
  let searchParam: string | undefined;
  if (criteria.search) {
    searchParam = param(criteria.search);
    where.push(`t.search_vector @@ ${SEARCH_QUERY(searchParam)}`);
  }
  const orderSql =
    criteria.order === 'popular' ? 't.download_count DESC, t.id DESC'
    : criteria.order === 'relevance' && searchParam ? `ts_rank_cd(t.search_vector, ${SEARCH_QUERY(searchParam)}) DESC, t.created_at DESC, t.id DESC`
    : 't.created_at DESC, t.id DESC';
  return { params, whereSql: where.length ? `WHERE ${where.join(' AND ')}` : '', orderSql };
}

/**
 * Read side of the catalogue. The listing is one query for the page and one count, each using
 * the indexes of the schema migration (see `tools-listing.sql` for the SQL and its plans), so a
 * page costs about the same at 100 000 tools as at 30.
 */
@Injectable()
export class ToolsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(criteria: ListingCriteria): Promise<{ rows: ToolRow[]; total: number }> {
    const { params, whereSql, orderSql } = listingParts(criteria);
    const countParams = [...params];
    const pageParams = [...params, criteria.limit, criteria.offset];
    const pageSql = `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} ${whereSql}
      ORDER BY ${orderSql} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
    const countSql = `SELECT count(*)::int AS total FROM tool t ${whereSql}`;

    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(pageSql, pageParams) as Promise<ToolRow[]>,
      this.dataSource.query(countSql, countParams) as Promise<Array<{ total: number }>>,
    ]);
    return { rows, total };
  }

  /**
   * Ids first (docs/product/rules.md#R304): the page's ids from an index walk, without joins or
   * wide rows, and the total; the read model turns ids into JSON. Same conditions and order as `list`.
   */
  async listIds(criteria: ListingCriteria): Promise<{ ids: number[]; total: number }> {
    const { params, whereSql, orderSql } = listingParts(criteria);
    const countParams = [...params];
    const pageParams = [...params, criteria.limit, criteria.offset];
    const pageSql = `SELECT t.id FROM tool t ${whereSql} ORDER BY ${orderSql} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(pageSql, pageParams) as Promise<Array<{ id: number }>>,
      this.dataSource.query(`SELECT count(*)::int AS total FROM tool t ${whereSql}`, countParams) as Promise<Array<{ total: number }>>,
    ]);
    return { ids: rows.map((r) => r.id), total };
  }

  /** Every tool with its images, for the read model (docs/product/rules.md#R300); `ids` narrows it. */
  async toolsWithImages(ids?: number[]): Promise<{ rows: ToolRow[]; images: ImageRef[] }> {
    if (ids && ids.length === 0) return { rows: [], images: [] };
    const [rows, images] = await Promise.all([
      this.dataSource.query(`SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM}${ids ? ' WHERE t.id = ANY($1::int[])' : ''}`, ids ? [ids] : []) as Promise<ToolRow[]>,
      this.dataSource.query(
        `SELECT id, tool_id FROM tool_image${ids ? ' WHERE tool_id = ANY($1::int[])' : ''} ORDER BY tool_id, position, created_at`,
        ids ? [ids] : [],
      ) as Promise<ImageRef[]>,
    ]);
    return { rows, images };
  }

  /** All the favourites of one user (the read model's isFavorite overlay, docs/product/rules.md#R301). */
  async allFavoriteIds(userId: string): Promise<Set<number>> {
    const rows: Array<{ tool_id: number }> = await this.dataSource.query(`SELECT tool_id FROM favorite WHERE user_id = $1`, [userId]);
    return new Set(rows.map((r) => r.tool_id));
  }

  async findById(id: number): Promise<ToolRow | null> {
    const rows: ToolRow[] = await this.dataSource.query(`SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE t.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Several tools by id, in no particular order (the caller orders them). */
  async findByIds(ids: number[]): Promise<ToolRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(`SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE t.id = ANY($1::int[])`, [ids]);
  }

  async findBySlug(slug: string): Promise<ToolRow | null> {
    const rows: ToolRow[] = await this.dataSource.query(`SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE t.slug = $1`, [slug]);
    return rows[0] ?? null;
  }

  /** The current slug of the tool that once had `slug` (docs/product/rules.md#R99: renames keep links). */
  async currentSlugForFormer(slug: string): Promise<string | null> {
    const rows: Array<{ slug: string }> = await this.dataSource.query(
      `SELECT t.slug FROM tool_slug_history h JOIN tool t ON t.id = h.tool_id WHERE h.slug = $1`,
      [slug],
    );
    return rows[0]?.slug ?? null;
  }

  /** The newest tool flagged as tool of the month, else the newest tool (two indexed reads). */
  async findFeatured(): Promise<ToolRow | null> {
    const [featured]: ToolRow[] = await this.dataSource.query(
      `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE t.is_featured ORDER BY t.created_at DESC, t.id DESC LIMIT 1`,
    );
    if (featured) return featured;
    const [newest]: ToolRow[] = await this.dataSource.query(
      `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} ORDER BY t.created_at DESC, t.id DESC LIMIT 1`,
    );
    return newest ?? null;
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
    const rows: ToolFileInfo[] = await this.dataSource.query(
      `SELECT file_name AS name, file_mime AS type, file_size AS size FROM tool WHERE id = $1`,
      [toolId],
    );
    return rows[0] ?? null;
  }

  async findImage(imageId: string): Promise<StoredFileRef | null> {
    const rows: StoredFileRef[] = await this.dataSource.query(
      `SELECT storage_key AS key, mime FROM tool_image WHERE id = $1::uuid`,
      [imageId],
    );
    return rows[0] ?? null;
  }
}
