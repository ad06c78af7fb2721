// @ts-check
// Redis (docs/product/rules.md#R165).
// - provideRedis (`npm start`): REDIS_URL, else 127.0.0.1:6379 when it answers, else redis-server
//   from PATH on 6380 with its data in .data/redis, else a message saying how to get one.
// - privateRedis (drills): a redis-server of its own on a free port, append-only, that a drill may
//   stop and start again; the shared Redis is never touched.
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { ok } from './log.mjs';
import { freePort, portAnswers, portFree, sleep, waitFor } from './ports.mjs';
import { onCleanup } from './cleanup.mjs';
import { ManagedProcess } from './processes.mjs';
import { scratchDir } from './scratch.mjs';

export const SPAWNED_REDIS_PORT = 6380;

/** A problem `npm start` explains in one message, without a stack trace. */
export class StartError extends Error {}

/** The executable `name` on PATH, or undefined. @param {string} name */
export function findOnPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch { /* next */ }
  }
  return undefined;
}

/**
 * @param {{ root: string, logDir: string, localPort?: number }} options
 * @returns {Promise<{ url: string, process?: ManagedProcess }>}
 */
export async function provideRedis({ root, logDir, localPort = 6379 }) {
  if (process.env.REDIS_URL) {
    const url = new URL(process.env.REDIS_URL);
    if (!(await portAnswers(url.hostname, Number(url.port || 6379)))) {
      throw new StartError(`Redis ne répond pas à REDIS_URL (${url.host}). Démarrez-le ou corrigez REDIS_URL.`);
    }
    ok(`Redis : ${url.host} (REDIS_URL)`);
    return { url: process.env.REDIS_URL };
  }
  if (await portAnswers('127.0.0.1', localPort)) {
    ok(`Redis : 127.0.0.1:${localPort} (déjà lancé sur cette machine)`);
    return { url: `redis://127.0.0.1:${localPort}` };
  }
  const binary = findOnPath('redis-server');
  if (!binary) {
    throw new StartError([
      'Redis est nécessaire (files d\'attente des e-mails) et aucun n\'a été trouvé :',
      `  - rien ne répond sur 127.0.0.1:${localPort}, et`,
      '  - la commande redis-server est absente du PATH.',
      'Installez Redis (Debian/Ubuntu : « sudo apt-get install redis-server » ; macOS : « brew install redis »),',
      'ou indiquez un Redis existant : REDIS_URL=redis://hôte:6379 npm start',
    ].join('\n'));
  }
  if (!(await portFree(SPAWNED_REDIS_PORT))) {
    throw new StartError(`Le port ${SPAWNED_REDIS_PORT} (Redis lancé par npm start) est déjà utilisé. Un ancien « npm start » tourne peut-être encore : arrêtez-le, ou libérez le port (ss -ltnp 'sport = :${SPAWNED_REDIS_PORT}'), ou définissez REDIS_URL.`);
  }
  const dir = join(root, '.data/redis');
  mkdirSync(dir, { recursive: true });
  const server = new ManagedProcess('redis', binary, [
    '--port', String(SPAWNED_REDIS_PORT), '--bind', '127.0.0.1', '--dir', dir,
    '--save', '60', '1', '--appendonly', 'no', '--daemonize', 'no', '--logfile', '',
  ], { cwd: root, env: process.env, logDir, echo: (line) => /error|fatal|can't|cannot|failed/i.test(line) });
  await waitFor(async () => {
    if (server.exited) throw new StartError(`redis-server s'est arrêté au démarrage :\n${server.lastLines.slice(-10).join('\n')}`);
    return portAnswers('127.0.0.1', SPAWNED_REDIS_PORT);
  }, { timeoutMs: 20_000, what: 'redis-server' });
  ok(`Redis : redis-server lancé sur le port ${SPAWNED_REDIS_PORT} (données dans .data/redis)`);
  return { url: `redis://127.0.0.1:${SPAWNED_REDIS_PORT}`, process: server };
}

/**
 * @typedef {object} PrivateRedis
 * @property {number} port
 * @property {string} url
 * @property {import('node:child_process').ChildProcess | null} child
 * @property {() => Promise<void>} start
 * @property {() => Promise<void>} stop
 */

/**
 * A private redis-server on a free port, with an append-only file so that a restart keeps what
 * was written (like a production Redis with persistence). Stopped at cleanup.
 * @returns {Promise<PrivateRedis>}
 */
export async function privateRedis() {
  const binary = findOnPath('redis-server');
  if (!binary) throw new Error('redis-server is not on PATH (Debian: apt-get install redis-server)');
  const port = await freePort();
  const dir = scratchDir('redis');
  /** @type {PrivateRedis} */
  const handle = {
    port,
    url: `redis://127.0.0.1:${port}`,
    child: null,
    async start() {
      handle.child = spawn(binary, [
        '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes',
        '--appendfsync', 'always', '--protected-mode', 'no', '--loglevel', 'warning',
      ], { stdio: ['ignore', 'ignore', 'inherit'] });
      const deadline = Date.now() + 10_000;
      while (!(await portAnswers('127.0.0.1', port, 200))) {
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

/**
 * Deletes the keys under `prefix` (a run's own keys in a shared Redis).
 * @param {string} url @param {string} prefix
 */
export async function deleteRedisKeys(url, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
