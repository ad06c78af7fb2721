import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { NamedRef } from '@outils/contracts';

/** Categories ('Sujet') and tool types: small reference tables, ordered by `position`. */
@Injectable()
export class TaxonomyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  categories(): Promise<NamedRef[]> {
    return this.dataSource.query(`SELECT id, name FROM category ORDER BY position, id`);
  }

  types(): Promise<NamedRef[]> {
    return this.dataSource.query(`SELECT id, name FROM tool_type ORDER BY position, id`);
  }

  /** The ids among `ids` that exist (to turn unknown filter values into a 400). */
  async existingCategoryIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: Array<{ id: number }> = await this.dataSource.query(`SELECT id FROM category WHERE id = ANY($1::int[])`, [ids]);
    return new Set(rows.map((r) => r.id));
  }

  async existingTypeIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: Array<{ id: number }> = await this.dataSource.query(`SELECT id FROM tool_type WHERE id = ANY($1::int[])`, [ids]);
    return new Set(rows.map((r) => r.id));
  }
}
