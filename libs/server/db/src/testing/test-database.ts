import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDataSource } from '../data-source';

/**
 * A fresh database for one test run (docs/product/rules.md#R230): created next to the server's `postgres`
 * database, migrated once, dropped at the end, so two runs can share a machine.
 */
export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export function adminDatabaseUrl(env: Record<string, string | undefined> = process.env): string {
  return env.TEST_DATABASE_ADMIN_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createTestDatabase(label = 'test', adminUrl = adminDatabaseUrl()): Promise<TestDatabase> {
  const name = `outils_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const dataSource = createDataSource(url, 2);
  await dataSource.initialize();
  try {
    await dataSource.runMigrations();
  } finally {
    await dataSource.destroy();
  }
  return {
    url,
    name,
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
