// Redis (decisions §1): REDIS_URL, else 127.0.0.1:6379 when it answers, else redis-server from
// PATH on 6380 with its data in .data/redis, else a message saying how to get one.
import { accessSync, constants, mkdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { ManagedProcess } from './processes.mjs';
import { portAnswers, portFree, waitFor } from './ports.mjs';
import { ok } from './log.mjs';

export const SPAWNED_REDIS_PORT = 6380;

export class StartError extends Error {}

function findOnPath(name) {
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
