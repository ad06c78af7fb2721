import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { publishedTool } from '@outils/server-db';

@Injectable()
export class FavouritesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Idempotent; returns false when the tool does not exist or is not public (docs/product/rules.md#R651). */
  async add(userId: string, toolId: number): Promise<boolean> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `WITH target AS (SELECT t.id FROM tool t WHERE t.id = $2 AND ${publishedTool('t')}),
            added AS (INSERT INTO favorite (user_id, tool_id) SELECT $1::uuid, id FROM target ON CONFLICT DO NOTHING)
       SELECT id FROM target`,
      [userId, toolId],
    );
    return rows.length > 0;
  }

  /** Idempotent; returns false when the tool does not exist. */
  async remove(userId: string, toolId: number): Promise<boolean> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `WITH target AS (SELECT id FROM tool WHERE id = $2),
            removed AS (DELETE FROM favorite WHERE user_id = $1::uuid AND tool_id = $2)
       SELECT id FROM target`,
      [userId, toolId],
    );
    return rows.length > 0;
  }
}
