import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '@outils/server-db';

/** Names of the migrations this build ships, as TypeORM records them in the `migrations` table. */
export const EXPECTED_MIGRATIONS: string[] = MIGRATIONS.map((M) => (new M() as { name?: string }).name ?? M.name);

@Injectable()
export class HealthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async appliedMigrations(): Promise<string[]> {
    const rows: Array<{ name: string }> = await this.dataSource.query(`SELECT name FROM migrations ORDER BY id`);
    return rows.map((row) => row.name);
  }
}
