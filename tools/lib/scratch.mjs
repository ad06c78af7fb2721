// @ts-check
// Throw-away resources of the bench and the drills, each undone at cleanup: scratch databases
// (CREATE DATABASE <prefix>_<random>, migrated with the CLI bundle, dropped WITH (FORCE)) and
// scratch folders under the system's temporary folder.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { onCleanup } from './cleanup.mjs';
import { log } from './log.mjs';
import { ROOT } from './processes.mjs';

/** The server the scratch databases are created on: BENCH_DATABASE_ADMIN_URL, DATABASE_URL or the local one. */
export function adminDatabaseUrl() {
  return process.env.BENCH_DATABASE_ADMIN_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** The same server URL naming another database. @param {string} url @param {string} database */
export function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Runs `fn` with a connected client, closed afterwards.
 * @template T @param {string} url @param {(client: pg.Client) => Promise<T>} fn @returns {Promise<T>}
 */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * CREATE DATABASE <prefix>_<random> on `adminUrl`, migrated with the CLI bundle; dropped at cleanup.
 * @param {string} prefix @param {string} cliBundle @param {string} [adminUrl]
 * @returns {Promise<{ name: string, url: string, drop: () => Promise<unknown> }>}
 */
export async function createScratchDatabase(prefix, cliBundle, adminUrl = adminDatabaseUrl()) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const drop = () => withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  onCleanup(async () => {
    await drop();
    log(`database ${name} dropped`);
  });
  const url = withDatabase(adminUrl, name);
  const migrate = spawnSync(process.execPath, [cliBundle, 'db:migrate'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: url, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`db:migrate failed:\n${migrate.stdout}\n${migrate.stderr}`);
  return { name, url, drop };
}

/** A folder under the system's temporary folder, removed at cleanup. @param {string} label */
export function scratchDir(label) {
  const dir = mkdtempSync(join(tmpdir(), `outils-${label}-`));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
