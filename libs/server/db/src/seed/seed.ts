import { DataSource } from 'typeorm';
import type { AppConfig } from '@outils/server-config';
import { seedAccounts } from './seed-accounts';
import { seedCatalogue } from './seed-catalogue';
import { seedDiagnostic } from './seed-diagnostic';
import { seedKits } from './seed-kits';

export interface SeedReport {
  seeded: boolean;
  lines: string[];
}

/**
 * Seeds the demo data on an empty database (docs/product/rules.md#R171, docs/product/rules.md#R169): activity areas and the demo admin
 * (accounts part), then categories, types and the demo catalogue with real files (catalogue part).
 * Does nothing when tools already exist, so a second `npm start` keeps the data — but a database
 * made before the self-diagnostic still gets its questionnaire (docs/product/rules.md#R559).
 */
export async function seedIfEmpty(dataSource: DataSource, config: Readonly<AppConfig>): Promise<SeedReport> {
  const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM tool`);
  if (count > 0) return { seeded: false, lines: await seedDiagnostic(dataSource) };
  const lines: string[] = [];
  // Each part is idempotent on its own.
  lines.push(...(await seedAccounts(dataSource, config)));
  lines.push(...(await seedCatalogue(dataSource, config)));
  lines.push(...(await seedKits(dataSource, config.admin.email)));
  lines.push(...(await seedDiagnostic(dataSource)));
  return { seeded: true, lines };
}
