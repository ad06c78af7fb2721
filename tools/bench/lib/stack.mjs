// Shared plumbing of `npm run bench` and `npm run drills`: scratch databases, the built
// processes on free ports, a production-like static server for the web build, MailDev, a
// private redis-server, sessions inserted straight into the database, and autocannon runs.
// Plain ESM on purpose: it drives the built bundles (dist/) and talks SQL/HTTP, nothing else.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';

export const ROOT = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

export const log = (...args) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

// ---------------------------------------------------------------------------------------------
// Cleanup: everything started or created registers its undo; it runs at the end, on an error,
// and on Ctrl-C, so scratch databases and processes never outlive the run.
const cleanups = [];
export function onCleanup(fn) {
  cleanups.push(fn);
}
let cleaning;
export function cleanupAll() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      try {
        await fn();
      } catch (error) {
        console.error('cleanup:', error?.message ?? error);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// PostgreSQL
export function adminDatabaseUrl() {
  return process.env.BENCH_DATABASE_ADMIN_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** CREATE DATABASE <prefix>_<random>, migrated with the CLI bundle; dropped at cleanup. */
export async function createScratchDatabase(prefix, cliBundle) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const adminUrl = adminDatabaseUrl();
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

// ---------------------------------------------------------------------------------------------
// Builds
const BUNDLES = {
  api: 'apps/api/main.js',
  worker: 'apps/worker/main.js',
  web: 'apps/web/index.html',
  cli: 'tools/cli/main.js',
};
/** Where the built bundles are: dist/, or BENCH_DIST (e.g. a build of another checkout). */
export const DIST = resolve(process.env.BENCH_DIST ?? join(ROOT, 'dist'));

/** Nx's command line, found through its package (its place inside the package changes with versions). */
function nxBin() {
  const manifest = require.resolve('nx/package.json');
  return join(dirname(manifest), require(manifest).bin.nx);
}

/** Builds the projects whose bundle is missing (all of them with BENCH_BUILD=true). */
export function ensureBuilt(projects) {
  const force = process.env.BENCH_BUILD === 'true';
  const missing = projects.filter((p) => force || !existsSync(join(DIST, BUNDLES[p])));
  if (missing.length === 0) return;
  if (process.env.BENCH_DIST) throw new Error(`BENCH_DIST=${DIST} lacks ${missing.join(', ')}`);
  log(`building ${missing.join(', ')} (nx run-many -t build)…`);
  const build = spawnSync(
    process.execPath,
    [nxBin(), 'run-many', '-t', 'build', '-p', ...missing, '--outputStyle=static'],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' } },
  );
  const still = missing.filter((p) => !existsSync(join(DIST, BUNDLES[p])));
  if (build.status !== 0 || still.length) throw new Error(`build failed for ${missing.join(', ')}`);
}

/**
 * A private copy of the bundles for this run (under tmp/, so node_modules still resolve): a
 * rebuild of dist/ by someone else during the run (the working tree is shared) cannot swap the
 * code under a process that the drills restart.
 */
export function snapshotBundles(projects) {
  const dir = join(ROOT, `tmp/bench-bundles-${process.pid}-${Date.now().toString(36)}`);
  for (const p of projects) {
    const from = dirname(join(DIST, BUNDLES[p]));
    cpSync(from, join(dir, dirname(BUNDLES[p])), { recursive: true });
  }
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const paths = Object.fromEntries(projects.map((p) => [p, join(dir, BUNDLES[p])]));
  paths.stamp = Object.fromEntries(projects.map((p) => [p, statSync(join(DIST, BUNDLES[p])).mtime.toISOString().slice(0, 16).replace('T', ' ')]));
  return paths;
}

export function gitCommit() {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' });
  return `${r.stdout.trim()}${dirty.stdout.trim() ? ' (working tree with uncommitted changes)' : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Processes
/**
 * Starts `node <script>` with `env`; its output goes to a log file whose tail is shown when it
 * dies unexpectedly. Returns a handle that can be stopped, killed and started again.
 */
export function nodeProcess(name, script, env, logDir) {
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `${name}.log`);
  const handle = {
    name,
    logFile,
    child: null,
    start() {
      const out = createWriteStream(logFile, { flags: 'a' });
      const child = spawn(process.execPath, [resolve(ROOT, script)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.pipe(out);
      child.stderr.pipe(out);
      child.expectedExit = false;
      child.on('exit', (code, signal) => {
        if (!child.expectedExit) log(`${name} exited unexpectedly (code ${code}, signal ${signal}); see ${logFile}`);
      });
      handle.child = child;
      return child;
    },
    async stop(signal = 'SIGTERM') {
      const child = handle.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.expectedExit = true;
      await new Promise((r) => {
        child.once('exit', r);
        child.kill(signal);
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
    },
    tail(lines = 15) {
      try {
        return readFileSync(logFile, 'utf8').split('\n').slice(-lines).map((l) => l.slice(0, 400)).join('\n');
      } catch {
        return '';
      }
    },
  };
  onCleanup(() => handle.stop());
  return handle;
}

export async function waitForHttp(url, handle, timeoutMs = 60_000, ok = (res) => res.ok) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const child = handle?.child;
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${url}: ${handle.name} exited with code ${child.exitCode}\n${handle.tail()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (ok(res)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms\n${handle?.tail?.() ?? ''}`);
    await sleep(200);
  }
}

/** The environment of the API and worker bundles in production mode, on their own ports. */
export function productionEnv({ databaseUrl, apiPort, apiUrl, webUrl, workerPort, smtpUrl, redisUrl, redisPrefix, storageDir, extra = {} }) {
  const env = { ...process.env };
  // Nothing of the caller's shell configuration leaks in (e.g. a DATABASE_URL of another run).
  for (const key of Object.keys(env)) if (/^(DATABASE_|REDIS_|SMTP_|API_|WEB_|STORAGE_|S3_|ADMIN_|MAILJET_|METRICS_|WORKER_)/.test(key)) delete env[key];
  return {
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SMTP_URL: smtpUrl,
    API_PORT: String(apiPort),
    API_HOST: '127.0.0.1',
    API_URL: apiUrl,
    WEB_URL: webUrl,
    STORAGE_DRIVER: 'disk',
    STORAGE_DIR: storageDir,
    WORKER_HTTP_PORT: String(workerPort),
    DOWNLOAD_URL_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_ENABLED: 'false',
    // Production demands the publisher's legal identity (legal notice); these runs serve no page.
    ...Object.fromEntries(Object.entries(MEASUREMENT_PUBLISHER).filter(([key]) => !process.env[key])),
    ...extra,
  };
}

const MEASUREMENT_PUBLISHER = {
  PUBLISHER_NAME: 'Agence Exemple (mesures)', PUBLISHER_LEGAL_FORM: 'SAS', PUBLISHER_SIRET: '00000000000000',
  PUBLISHER_ADDRESS: '1 rue de l’Exemple, 69000 Lyon', PUBLISHER_EMAIL: 'contact@outils.example',
  PUBLICATION_DIRECTOR: 'La présidente', HOSTING_NAME: 'Hébergeur Exemple', HOSTING_ADDRESS: '2 avenue de l’Exemple, 75000 Paris',
  HOSTING_PHONE: '01 00 00 00 00',
};

export function scratchDir(label) {
  const dir = mkdtempSync(join(tmpdir(), `outils-${label}-`));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Web: the production build served like a production static server would (gzip, immutable
// hashed assets, SPA fallback) with the runtime /config.js pointing at the given API.
const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.json': 'application/json', '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json', '.ico': 'image/x-icon', '.webp': 'image/webp', '.woff2': 'font/woff2', '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.map', '.webmanifest']);

export function serveWeb(port, apiUrl, dir) {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${dir}/index.html is missing: build the web app first (nx build web)`);
  const cache = new Map();
  const load = (file) => {
    if (!cache.has(file)) {
      const body = readFileSync(file);
      cache.set(file, { body, gz: COMPRESSIBLE.has(extname(file)) ? gzipSync(body) : null });
    }
    return cache.get(file);
  };
  const config = Buffer.from(`window.__OUTILS_CONFIG__ = ${JSON.stringify({ apiUrl, analyticsScriptUrl: null, productionHost: null })};`);
  const send = (req, res, status, type, entry, cacheControl) => {
    const gzip = entry.gz && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': cacheControl,
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(gzip ? entry.gz : entry.body);
  };
  const server = createServer((req, res) => {
    let path;
    try {
      path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    } catch {
      path = '/';
    }
    if (path === '/config.js') {
      send(req, res, 200, MIME['.js'], { body: config, gz: gzipSync(config) }, 'no-store');
      return;
    }
    const file = resolve(dir, `.${path}`);
    if (file.startsWith(dir) && path !== '/' && existsSync(file) && statSync(file).isFile()) {
      const immutable = path.startsWith('/assets/');
      send(req, res, 200, MIME[extname(file)] ?? 'application/octet-stream', load(file), immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return;
    }
    send(req, res, 200, MIME['.html'], load(indexFile), 'no-cache');
  });
  onCleanup(() => new Promise((r) => server.close(() => r())));
  return new Promise((r) => server.listen(port, '127.0.0.1', () => r(server)));
}

// ---------------------------------------------------------------------------------------------
// MailDev (SMTP catcher with its REST API), as libs/server/testing does it.
export async function startMaildev() {
  const MailDev = require('maildev');
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const mailDirectory = mkdtempSync(join(tmpdir(), 'outils-drill-mail-'));
  const maildev = new MailDev({ smtp: smtpPort, ip: '127.0.0.1', silent: true, mailDirectory, web: webPort, webIp: '127.0.0.1' });
  await new Promise((r, j) => maildev.listen((error) => (error ? j(error) : r())));
  const webUrl = `http://127.0.0.1:${webPort}`;
  const handle = {
    url: `smtp://127.0.0.1:${smtpPort}`,
    webUrl,
    /** Every caught mail, through MailDev's REST API. */
    async all() {
      const res = await fetch(`${webUrl}/email`);
      return res.json();
    },
    async clear() {
      await fetch(`${webUrl}/email/all`, { method: 'DELETE' });
    },
    close: () => new Promise((r) => maildev.close(() => r())).then(() => rmSync(mailDirectory, { recursive: true, force: true })),
  };
  onCleanup(() => handle.close());
  return handle;
}

// ---------------------------------------------------------------------------------------------
// A private redis-server (the shared one is never touched): append-only file so that a restart
// keeps what was written, like a production Redis with persistence.
export async function privateRedis() {
  const port = await freePort();
  const dir = scratchDir('redis');
  const handle = {
    port,
    url: `redis://127.0.0.1:${port}`,
    child: null,
    async start() {
      const child = spawn('/usr/bin/redis-server', [
        '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes',
        '--appendfsync', 'always', '--protected-mode', 'no', '--loglevel', 'warning',
      ], { stdio: ['ignore', 'ignore', 'inherit'] });
      handle.child = child;
      const deadline = Date.now() + 10_000;
      for (;;) {
        if (await new Promise((r) => {
          const s = net.connect({ host: '127.0.0.1', port }, () => { s.destroy(); r(true); });
          s.once('error', () => r(false));
        })) return;
        if (Date.now() > deadline) throw new Error('private redis-server did not start');
        await sleep(50);
      }
    },
    async stop() {
      const child = handle.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      });
    },
  };
  onCleanup(() => handle.stop());
  await handle.start();
  return handle;
}

// ---------------------------------------------------------------------------------------------
// Users and sessions straight in the database, as apps/api/test/factories/user.factory.ts does
// (a session row holds the sha256 of the opaque token).
export const hashToken = (token) => createHash('sha256').update(token, 'utf8').digest('hex');

let passwordHash;
/** One real argon2id hash (of a random password nobody knows) shared by every inserted user. */
async function unknownPasswordHash() {
  passwordHash ??= require('argon2').hash(randomBytes(16).toString('hex'), { type: require('argon2').argon2id });
  return passwordHash;
}

export async function insertUserWithSession(client, { email, isAdmin = false, firstName = 'Camille', lastName = 'Martin', token = randomBytes(32).toString('base64url') }) {
  const { rows } = await client.query(
    `INSERT INTO app_user (email, first_name, last_name, is_admin, password_hash, activated_at, terms_accepted_at)
     VALUES ($1, $2, $3, $4, $5, now(), now()) RETURNING id`,
    [email.toLowerCase(), firstName, lastName, isAdmin, await unknownPasswordHash()],
  );
  await client.query(
    `INSERT INTO auth_session (user_id, token_hash, expires_at, last_used_at) VALUES ($1, $2, now() + interval '30 days', now())`,
    [rows[0].id, hashToken(token)],
  );
  return { id: rows[0].id, email: email.toLowerCase(), token, headers: { useremail: email.toLowerCase(), usertoken: token } };
}

// ---------------------------------------------------------------------------------------------
// Load
/**
 * One autocannon run; counts status codes and keeps every response time itself (so 5xx are told
 * apart from 4xx, and several runs can be merged). `requests` as autocannon takes them.
 */
export async function load({ url, connections = 50, duration = 10, amount, requests, headers, method, body, timeout = 10, title }) {
  const autocannon = require('autocannon');
  const statuses = {};
  const latencies = [];
  const options = Object.fromEntries(
    Object.entries({ url, connections, duration, amount, requests, headers, method, body, timeout, title }).filter(([, v]) => v !== undefined),
  );
  if (amount !== undefined) delete options.duration;
  const started = process.hrtime.bigint();
  const instance = autocannon(options);
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    latencies.push(responseTime);
  });
  const result = await instance;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return summarize([{ statuses, latencies, errors: result.errors, timeouts: result.timeouts, seconds }], title);
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/** Merges runs (slices) of one target into one line: requests/s over their total time, percentiles over all responses. */
export function summarize(runs, title) {
  const statuses = {};
  const latencies = [];
  let errors = 0;
  let timeouts = 0;
  let seconds = 0;
  for (const run of runs) {
    for (const [s, n] of Object.entries(run.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
    for (const l of run.latencies) latencies.push(l);
    errors += run.errors;
    timeouts += run.timeouts;
    seconds += run.seconds;
  }
  latencies.sort((a, b) => a - b);
  const total = latencies.length;
  const non2xx = total - Object.entries(statuses).filter(([s]) => s >= 200 && s < 300).reduce((a, [, n]) => a + n, 0);
  const fivexx = Object.entries(statuses).filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
  const ms = (v) => (v === null ? null : Math.round(v));
  return {
    title, rps: total / seconds, p50: ms(percentile(latencies, 50)), p99: ms(percentile(latencies, 99)), max: ms(latencies.at(-1) ?? null),
    total, statuses, non2xx, fivexx, errors, timeouts, seconds, runs,
  };
}

/**
 * The same load on several targets, interleaved: `slices` rounds, each giving every target
 * `duration / slices` seconds in turn. Background load on a shared machine then falls on all
 * targets alike, which is what makes a ratio between them meaningful. Returns one summary per key.
 */
export async function interleaved(targets, options, { duration, slices, connections, warmup = 1 }) {
  const warm = [];
  if (warmup > 0) for (const t of targets) warm.push(await load({ url: t.url, connections: 10, duration: warmup, ...options, ...t.options }));
  // A slice must be long next to the latency, or requests still in flight when it ends (not
  // counted by autocannon) bias it (by about latency ÷ slice): a slice lasts at least ten expected
  // latencies, so slow calls get fewer, longer slices, down to one run.
  const expectedMs = warm.length ? Math.max(...warm.map((w) => (w.p50 ?? 10_000) * (connections / 10))) : 0;
  slices = Math.max(1, Math.min(slices, Math.floor(duration), Math.floor(duration / Math.max(1, (10 * expectedMs) / 1000))));
  const sliceSeconds = Math.max(1, Math.round(duration / slices));
  const runs = Object.fromEntries(targets.map((t) => [t.key, []]));
  for (let i = 0; i < slices; i += 1) {
    // Alternate who goes first, so neither always runs right after the other.
    const order = i % 2 === 0 ? targets : [...targets].reverse();
    for (const t of order) {
      const r = await load({ url: t.url, connections, duration: sliceSeconds, ...options, ...t.options });
      runs[t.key].push(...r.runs);
    }
  }
  return Object.fromEntries(targets.map((t) => [t.key, summarize(runs[t.key], t.key)]));
}

/** Markdown table from rows of cells. */
export function table(header, rows) {
  const esc = (v) => String(v ?? '').replace(/\|/g, '\\|');
  return [`| ${header.map(esc).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}

export function machine() {
  const cpu = (readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.+)/) ?? [])[1] ?? 'unknown';
  const memKb = Number((readFileSync('/proc/meminfo', 'utf8').match(/MemTotal:\s*(\d+)/) ?? [])[1] ?? 0);
  const cores = spawnSync('nproc', { encoding: 'utf8' }).stdout.trim();
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const pgVersion = spawnSync('psql', ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  return { cpu, cores, memory: `${(memKb / 1024 / 1024).toFixed(1)} GiB`, load, node: process.version, pgVersion };
}
