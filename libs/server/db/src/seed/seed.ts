import { DataSource } from 'typeorm';
import type { AppConfig } from '@outils/server-config';

export interface SeedReport {
  seeded: boolean;
  lines: string[];
}

/**
 * Seeds the demo data on an empty database (decisions §1): activity areas and the demo admin
 * (accounts part), then categories, types and the demo catalogue with real files (catalogue part).
 * Does nothing when tools already exist, so a second `npm start` keeps the data.
 */
export async function seedIfEmpty(dataSource: DataSource, config: Readonly<AppConfig>): Promise<SeedReport> {
  const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM tool`);
  if (count > 0) return { seeded: false, lines: [] };
  const lines: string[] = [];
  // Each part is idempotent on its own and added by its capability.
  for (const part of SEED_PARTS) lines.push(...(await part(dataSource, config)));
  return { seeded: true, lines };
}

export type SeedPart = (dataSource: DataSource, config: Readonly<AppConfig>) => Promise<string[]>;

/** Filled in by `seed-accounts.ts` and `seed-catalogue.ts` (see index.ts). */
export const SEED_PARTS: SeedPart[] = [];
