import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { publishedTool } from '@outils/server-db';

export interface HistoryRow {
  number: number;
  created_at: Date;
  note: string | null;
  restored_from: number | null;
  current: number;
}

/** The public side of versions: what the sheet says of a public tool's versions (docs/product/rules.md#R907). */
@Injectable()
export class VersionHistoryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A public tool's versions, newest first; empty for a tool that is not public (docs/product/rules.md#R651). */
  async history(toolId: number): Promise<HistoryRow[]> {
    return this.dataSource.query(
      `SELECT v.number, v.created_at, v.note, v.restored_from, t.version_number AS current
         FROM tool t JOIN tool_version v ON v.tool_id = t.id AND v.number <= t.version_number
        WHERE t.id = $1 AND ${publishedTool('t')}
        ORDER BY v.number DESC`,
      [toolId],
    );
  }
}
