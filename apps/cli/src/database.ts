import { DataSource } from 'typeorm';
import type { AppConfig } from '@outils/server-config';
import { createDataSource } from '@outils/server-db';
import { CliError } from './command';

/** The URL without its password, for messages. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL illisible)';
  }
}

/** Turns a connection error into a sentence that says what to do. */
export function describeDatabaseError(error: unknown, url: string): string {
  const e = error as { code?: string; message?: string };
  const where = maskUrl(url);
  switch (e.code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
      return `PostgreSQL ne répond pas à ${where} (${e.code}). Démarrez PostgreSQL ou corrigez DATABASE_URL.`;
    case '3D000':
      return `La base de données de ${where} n'existe pas. Créez-la (par exemple « createdb -U postgres outils ») ou corrigez DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `PostgreSQL refuse la connexion à ${where} : identifiants invalides. Corrigez DATABASE_URL.`;
    default:
      return `Connexion à PostgreSQL impossible (${where}) : ${e.message ?? String(error)}`;
  }
}

/** Opens a data source on DATABASE_URL, runs `work`, always closes it. */
export async function withDataSource<T>(config: Readonly<AppConfig>, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const dataSource = createDataSource(config.db.url, 2);
  try {
    await dataSource.initialize();
  } catch (error) {
    throw new CliError(describeDatabaseError(error, config.db.url));
  }
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy().catch(() => undefined);
  }
}
