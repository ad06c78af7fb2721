import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '@outils/server-db';

/** Names of the migrations this build ships, as TypeORM records them. */
export const EXPECTED_MIGRATIONS: string[] = MIGRATIONS.map((M) => (new M() as { name?: string }).name ?? M.name);

@Injectable()
export class WorkerHealthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }

  async appliedMigrations(): Promise<string[]> {
    const rows: Array<{ name: string }> = await this.dataSource.query(`SELECT name FROM migrations ORDER BY id`);
    return rows.map((row) => row.name);
  }
}
