import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { publishedTool } from '@outils/server-db';

export interface FeedRow {
  kind: 'tool' | 'version';
  slug: string;
  name: string;
  number: number;
  text: string | null;
  at: Date;
}

/** What the Atom feed lists (docs/product/rules.md#R920). */
@Injectable()
export class FeedRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The newest public tools and the new versions of public tools (not minor), newest first. */
  async latest(limit: number): Promise<FeedRow[]> {
    return this.dataSource.query(
      `SELECT * FROM (
         SELECT 'tool' AS kind, t.slug, t.name, 1 AS number, t.description AS text, t.published_at AS at
           FROM tool t WHERE ${publishedTool('t')}
         UNION ALL
         SELECT 'version', t.slug, t.name, v.number, v.note, v.created_at
           FROM tool_version v JOIN tool t ON t.id = v.tool_id
          WHERE ${publishedTool('t')} AND v.number > 1 AND NOT v.is_minor AND v.number <= t.version_number AND v.created_at >= t.published_at
       ) items ORDER BY at DESC, kind, number DESC LIMIT $1`,
      [limit],
    );
  }
}
