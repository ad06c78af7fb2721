import { DataSource } from 'typeorm';
import type { AppConfig } from '@outils/server-config';

/** Categories, types and the demo catalogue with real files (catalogue capability). */
export async function seedCatalogue(_dataSource: DataSource, _config: Readonly<AppConfig>): Promise<string[]> {
  return [];
}
