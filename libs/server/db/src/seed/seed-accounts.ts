import { DataSource } from 'typeorm';
import type { AppConfig } from '@outils/server-config';

/** Activity areas and the demo admin (accounts capability). */
export async function seedAccounts(_dataSource: DataSource, _config: Readonly<AppConfig>): Promise<string[]> {
  return [];
}
