import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { publishedTool } from '@outils/server-db';

/** One tool as its preview needs it (no file key, only its MIME type). */
export interface SeoToolRow {
  slug: string;
  name: string;
  description: string;
  type_name: string;
  category_name: string;
  file_mime: string;
  created_at: Date;
  updated_at: Date;
  image_id: string | null;
}

const COLUMNS = `t.slug, t.name, t.description, ty.name AS type_name, c.name AS category_name, t.file_mime, t.created_at, t.updated_at,
  (SELECT i.id FROM tool_image i WHERE i.tool_id = t.id ORDER BY i.position, i.created_at LIMIT 1) AS image_id`;
const FROM = `tool t JOIN tool_type ty ON ty.id = t.type_id JOIN category c ON c.id = t.category_id`;

/**
 * What previews and the sitemap read of the catalogue: indexed reads by id, slug, or in id order;
 * only public tools (docs/product/rules.md#R651): a draft's page has the head of a missing page.
 */
@Injectable()
export class SeoRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async toolBySlug(slug: string): Promise<SeoToolRow | null> {
    const rows: SeoToolRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE t.slug = $1 AND ${publishedTool('t')}`, [slug]);
    return rows[0] ?? null;
  }

  async toolById(id: number): Promise<SeoToolRow | null> {
    const rows: SeoToolRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE t.id = $1 AND ${publishedTool('t')}`, [id]);
    return rows[0] ?? null;
  }

  /** The tool that once had `slug` (docs/product/rules.md#R99). */
  async toolByFormerSlug(slug: string): Promise<SeoToolRow | null> {
    const rows: SeoToolRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM tool_slug_history h JOIN ${FROM} ON t.id = h.tool_id WHERE h.slug = $1 AND ${publishedTool('t')}`,
      [slug],
    );
    return rows[0] ?? null;
  }

  async countTools(): Promise<number> {
    const [{ total }]: Array<{ total: number }> = await this.dataSource.query(`SELECT count(*)::int AS total FROM tool t WHERE ${publishedTool('t')}`);
    return total;
  }

  /** Slugs and last changes, in id order (primary key), one page of `limit`. */
  async sitemapPage(offset: number, limit: number): Promise<Array<{ slug: string; updatedAt: Date }>> {
    const rows: Array<{ slug: string; updated_at: Date }> = await this.dataSource.query(
      `SELECT t.slug, t.updated_at FROM tool t WHERE ${publishedTool('t')} ORDER BY t.id LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return rows.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updated_at) }));
  }
}
