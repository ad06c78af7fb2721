#!/usr/bin/env node
// @ts-check
// `npm start` (and `npm run dev` with --dev): the whole product in one terminal (docs/product/rules.md#R162).
//
//  1. build api, worker, cli, web and web-server through Nx (cached: a second start skips unchanged projects);
//  2. PostgreSQL: DATABASE_URL, else an embedded server in .data/postgres on 54329;
//  3. Redis: REDIS_URL, else 127.0.0.1:6379 when it answers, else redis-server on 6380;
//  4. SMTP: SMTP_URL, else MailDev (SMTP 1025, web UI and REST API on 1080);
//  5. migrations, then the demo seed on an empty database (through the CLI bundle);
//  6. API (3000), worker, web server (4200), on 127.0.0.1 unless API_HOST / WEB_HOST say otherwise
//     (docs/product/rules.md#R801); waits for /health and prints the URLs.
// Ctrl-C / SIGTERM stop everything it started, apps first, then the services; data stays in .data/.
// Plain Node ESM on purpose: it needs no build of its own.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EMBEDDED_PG_PORT, startEmbeddedPostgres } from '../lib/embedded-postgres.mjs';
import { apiImageAllocatorEnv, apiImageNodeFlags, webImageAllocatorEnv, webImageNodeFlags } from '../lib/image-node-flags.mjs';
import { color, fail, info, ok, warn } from '../lib/log.mjs';
import { spawnMaildev } from '../lib/maildev.mjs';
import { portAnswers, portFree, waitFor } from '../lib/ports.mjs';
import { ManagedProcess, NX_ENV, nxEntry, runningCommands, runToEnd } from '../lib/processes.mjs';
import { useProjectNode } from '../lib/node-runtime.mjs';
import { provideRedis, StartError } from '../lib/redis.mjs';
import { developmentSecret, SECRET_FILE } from './dev-secret.mjs';

await useProjectNode(); // first line: the Node in use; another Node re-runs this on the project's (docs/product/rules.md#R820)

const root = resolve(import.meta.dirname, '../..');
const dev = process.argv.includes('--dev');
const startedAt = Date.now();
const logDir = join(root, '.data/logs');

if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env')); // never overrides the real environment

const apiPort = Number(process.env.API_PORT ?? 3000);
const webPort = 4200;
const maildev = { smtp: 1025, web: 1080 };
const apiUrl = (process.env.API_URL ?? `http://localhost:${apiPort}`).replace(/\/$/, '');
const webUrl = (process.env.WEB_URL ?? `http://localhost:${webPort}`).replace(/\/$/, '');
const production = process.env.NODE_ENV === 'production';
// Where the API and the web server listen (docs/product/rules.md#R801): the loopback interface
// outside production unless API_HOST / WEB_HOST say otherwise; the apps apply the same defaults.
const apiHost = process.env.API_HOST || (production ? '0.0.0.0' : '127.0.0.1');
const webHost = process.env.WEB_HOST || (production ? '0.0.0.0' : '127.0.0.1');
/** The address to probe a server listening on `host` at. @param {string} host */
const probeHost = (host) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);
const { DATABASE_URL, SMTP_URL } = process.env;
const useEmbeddedPg = !DATABASE_URL;
const useMaildev = !SMTP_URL;
const hasWeb = existsSync(join(root, 'apps/web/project.json'));
const bin = (/** @type {string} */ name) => join(root, 'node_modules/.bin', name);

/**
 * Long-running apps (stopped first) and the services they use (stopped after, in reverse order).
 * @type {ManagedProcess[]}
 */
const apps = [];
/** @type {ManagedProcess[]} */
const services = [];
let stopping = false;
let firstSignalAt = 0;

// ---------------------------------------------------------------------------------------------
// Stopping

function killEverything() {
  for (const child of runningCommands) {
    try { child.kill('SIGKILL'); } catch { /* gone */ }
  }
  for (const managed of [...apps, ...services]) managed.kill();
}

/** @param {number} exitCode */
async function shutdown(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const child of runningCommands) {
    try { child.kill('SIGTERM'); } catch { /* gone */ }
  }
  const running = [...apps, ...services].filter((p) => !p.exited);
  if (running.length) console.log(`\n${color.bold('Arrêt')} de ${running.map((p) => p.name).join(', ')}…`);
  await Promise.all(apps.map((p) => p.stop()));
  for (const service of [...services].reverse()) await service.stop();
  if (running.length) ok('Tout est arrêté. Les données restent dans .data/ (supprimez ce dossier pour repartir de zéro).');
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (!stopping) {
      firstSignalAt = Date.now();
      void shutdown(0);
    } else if (Date.now() - firstSignalAt > 1500) {
      // A second Ctrl-C (not the echo of the first one relayed by npm): stop at once.
      warn('Arrêt forcé.');
      killEverything();
      process.exit(130);
    }
  });
}
process.on('exit', killEverything);
process.on('uncaughtException', (error) => {
  fail(`Erreur inattendue du lanceur : ${error.stack ?? error}`);
  void shutdown(1);
});
process.on('unhandledRejection', (error) => {
  fail(`Erreur inattendue du lanceur : ${/** @type {Error} */ (error)?.stack ?? error}`);
  void shutdown(1);
});

/** A process that ends on its own stops the whole stack, with its last lines. */
/** @param {ManagedProcess} managed @param {ManagedProcess[]} list */
function watch(managed, list) {
  list.push(managed);
  void managed.exitPromise.then(({ code, signal }) => {
    if (stopping || managed.stopping) return;
    fail(`${managed.name} s'est arrêté de lui-même (${signal ? `signal ${signal}` : `code ${code}`}). Ses dernières lignes :`);
    for (const line of managed.lastLines.slice(-25)) console.error(color.dim(`  │ ${line}`));
    console.error(color.dim(`  (journal complet : .data/logs/${managed.name}.log)`));
    void shutdown(1);
  });
  return managed;
}

// ---------------------------------------------------------------------------------------------
// Steps

function checkPrerequisites() {
  // The Node version is settled by useProjectNode() above.
  if (!existsSync(join(root, 'node_modules/nx'))) {
    throw new StartError('Les dépendances ne sont pas installées : lancez d\'abord « npm ci ».');
  }
  if (!hasWeb) warn('apps/web est absent : le site web ne sera ni construit ni servi.');
}

async function checkPorts() {
  /** @type {any[][]} */
  const wanted = [
    [apiPort, 'API', 'ou choisissez un autre port avec API_PORT'],
    ...(hasWeb ? [[webPort, 'site web', '']] : []),
    ...(useMaildev ? [[maildev.web, 'MailDev, interface web', 'ou utilisez votre serveur SMTP avec SMTP_URL'], [maildev.smtp, 'MailDev, SMTP', 'ou utilisez votre serveur SMTP avec SMTP_URL']] : []),
    ...(useEmbeddedPg ? [[EMBEDDED_PG_PORT, 'PostgreSQL embarqué', 'ou utilisez votre PostgreSQL avec DATABASE_URL']] : []),
  ];
  const taken = [];
  for (const [port, what, alternative] of wanted) {
    if (!(await portFree(port))) taken.push({ port, what, alternative });
  }
  if (!taken.length) return;
  const lines = ['Port(s) déjà utilisé(s), npm start ne peut pas démarrer :'];
  for (const { port, what, alternative } of taken) lines.push(`  - ${port} (${what})${alternative ? ` — libérez-le, ${alternative}` : ' — libérez-le'}`);
  const pidFile = join(root, '.data/postgres/postmaster.pid');
  if (taken.some((t) => t.port === EMBEDDED_PG_PORT) && existsSync(pidFile)) {
    const pid = readFileSync(pidFile, 'utf8').split('\n')[0];
    lines.push(`Un PostgreSQL embarqué d'un lancement précédent tourne peut-être encore (pid ${pid}) : « kill ${pid} ».`);
  }
  lines.push(
    'Un autre « npm start » tourne peut-être dans un autre terminal : arrêtez-le (Ctrl-C).',
    `Sinon, trouvez le processus qui occupe le port : ss -ltnp 'sport = :${taken[0].port}'  (ou lsof -i :${taken[0].port}), arrêtez-le, puis relancez npm start.`,
  );
  throw new StartError(lines.join('\n'));
}

async function build() {
  // In dev mode, tsup --watch and Vite build api, worker and web themselves; only the CLI is needed here.
  const projects = dev ? ['cli'] : ['api', 'worker', 'cli', ...(hasWeb ? ['web', 'web-server'] : [])];
  const began = Date.now();
  info(`Construction de ${projects.join(', ')} (Nx, avec cache)…`);
  const result = await runToEnd(process.execPath, [
    nxEntry(root), 'run-many', '-t', 'build', '-p', ...projects, '--outputStyle=static', '--parallel=2',
  ], { cwd: root, env: { ...process.env, ...NX_ENV, FORCE_COLOR: '0' } });
  mkdirSync(logDir, { recursive: true });
  writeFileSync(join(logDir, 'build.log'), `${result.output.join('\n')}\n`);
  if (stopping) return;
  if (result.code !== 0) {
    for (const line of result.output.slice(-40)) console.error(color.dim(`  │ ${line}`));
    throw new StartError('La construction a échoué (ci-dessus ; journal complet : .data/logs/build.log).');
  }
  const cached = result.output.some((line) => /read the output from the cache/i.test(line));
  ok(`Construit en ${((Date.now() - began) / 1000).toFixed(1)} s${cached ? ' (cache Nx utilisé)' : ''}`);
}

async function providePostgres() {
  if (DATABASE_URL) {
    const url = new URL(DATABASE_URL);
    ok(`PostgreSQL : ${url.host}${url.pathname} (DATABASE_URL)`);
    return DATABASE_URL;
  }
  const embedded = await startEmbeddedPostgres({ root, logDir });
  watch(embedded.process, services);
  return embedded.url;
}

async function provideSmtp() {
  if (SMTP_URL) {
    ok(`SMTP : ${new URL(SMTP_URL).host} (SMTP_URL)`);
    return SMTP_URL;
  }
  const server = await spawnMaildev({ root, logDir, smtpPort: maildev.smtp, webPort: maildev.web });
  watch(server.process, services);
  ok(`MailDev : SMTP sur ${maildev.smtp}, interface sur http://localhost:${maildev.web}`);
  return server.url;
}

/** @param {string} command @param {NodeJS.ProcessEnv} env */
async function cli(command, env) {
  const result = await runToEnd(process.execPath, ['--enable-source-maps', join(root, 'dist/apps/cli/main.js'), command], { cwd: root, env });
  if (stopping) return;
  if (result.code !== 0) throw new StartError(`« ${command} » a échoué :\n${result.output.slice(-20).map((l) => `  │ ${l}`).join('\n')}`);
  for (const line of result.output) console.log(`${color.cyan('[db]')} ${line}`);
}

/** @param {NodeJS.ProcessEnv} env */
function startApps(env) {
  /** @returns {[string, string[]]} */
  const node = (/** @type {string} */ script) => [process.execPath, ['--enable-source-maps', join(root, script)]];
  const options = { cwd: root, env, logDir };
  if (dev) {
    /** @returns {[string, string[]]} */
    const watchApp = (/** @type {string} */ name) => [bin('tsup'), [
      '--config', `apps/${name}/tsup.config.ts`, '--watch', `apps/${name}/src`, '--watch', 'libs',
      '--onSuccess', `node --enable-source-maps dist/apps/${name}/main.js`,
    ]];
    // tsup's own chatter (CLI/CJS lines) stays in .data/logs; rebuilds and errors show.
    const tsupEcho = (/** @type {string} */ line) => !/^(CLI|CJS|DTS) /.test(line) || /success|change detected|error|fail/i.test(line);
    watch(new ManagedProcess('api', ...watchApp('api'), { ...options, echo: tsupEcho }), apps);
    watch(new ManagedProcess('worker', ...watchApp('worker'), { ...options, echo: tsupEcho }), apps);
    if (hasWeb) watch(new ManagedProcess('web', bin('vite'), ['--config', 'apps/web/vite.config.ts', '--configLoader', 'runner', '--port', String(webPort), '--strictPort'], options), apps);
    return;
  }
  // The API with its image's Node options and allocator settings (docs/product/rules.md#R896), as in production.
  const [apiExec, apiArgs] = node('dist/apps/api/main.js');
  watch(new ManagedProcess('api', apiExec, [...apiImageNodeFlags(), ...apiArgs], { ...options, env: { ...env, ...apiImageAllocatorEnv() } }), apps);
  watch(new ManagedProcess('worker', ...node('dist/apps/worker/main.js'), options), apps);
  // The web server runs with the web image's Node options and allocator settings (docs/product/rules.md#R892, #R890), as in production.
  const [execPath, webArgs] = node('dist/apps/web-server/main.js');
  if (hasWeb) watch(new ManagedProcess('web', execPath, [...webImageNodeFlags(), ...webArgs], { ...options, env: { ...env, ...webImageAllocatorEnv(), WEB_PORT: String(webPort) } }), apps);
}

async function waitUntilUp() {
  let lastAnswer = 'pas de réponse';
  const api = /** @type {ManagedProcess} */ (apps.find((p) => p.name === 'api'));
  try {
    await waitFor(async () => {
      if (stopping || api.exited) return true; // the crash watcher reports it
      try {
        const response = await fetch(`http://${probeHost(apiHost)}:${apiPort}/health`, { signal: AbortSignal.timeout(3000) });
        lastAnswer = `HTTP ${response.status} ${(await response.text()).slice(0, 300)}`;
        return response.ok;
      } catch {
        return false;
      }
    }, { timeoutMs: dev ? 180_000 : 120_000, intervalMs: 500, what: 'API /health' });
    if (hasWeb) await waitFor(() => stopping || portAnswers(probeHost(webHost), webPort), { timeoutMs: 60_000, what: `site web (port ${webPort})` });
  } catch (error) {
    throw new StartError(`${/** @type {Error} */ (error).message}. Dernière réponse de /health : ${lastAnswer}\nDernières lignes de l'API :\n${api.lastLines.slice(-15).map((l) => `  │ ${l}`).join('\n')}`);
  }
}

/**
 * @param {{ databaseUrl: string, redisUrl: string, secret: ReturnType<typeof developmentSecret> | null }} facts
 */
function banner({ databaseUrl, redisUrl, secret }) {
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  const adminEmail = process.env.ADMIN_EMAIL ?? 'admin@example.com';
  const adminPassword = process.env.ADMIN_PASSWORD ?? 'Admin-Outils-2026!';
  const rule = color.dim('─'.repeat(72));
  const row = (/** @type {string} */ label, /** @type {string} */ value) => `  ${label.padEnd(20)} ${value}`;
  const lines = [
    '',
    rule,
    `  ${color.bold(color.green('Outils est prêt'))}${dev ? ' (mode développement, rechargement à chaud)' : ''} — démarré en ${seconds} s`,
    '',
    hasWeb ? row('Site web', color.bold(webUrl)) : row('Site web', color.yellow('non servi (apps/web absent)')),
    row('API', `${color.bold(apiUrl)}   documentation : ${apiUrl}/api/docs`),
    useMaildev ? row('E-mails (MailDev)', `${color.bold(`http://localhost:${maildev.web}`)}   (SMTP localhost:${maildev.smtp})`) : row('E-mails', `SMTP_URL (${SMTP_URL ? new URL(SMTP_URL).host : ''})`),
    '',
    ...(production
      ? ['  NODE_ENV=production : pas d\'administrateur de démonstration ; créez-en un avec', '  npm run cli -- admin:create <email>']
      : ['  Administrateur de démonstration', row('  e-mail', color.bold(adminEmail)), row('  mot de passe', color.bold(adminPassword))]),
    '',
    row('PostgreSQL', `${new URL(databaseUrl).host}${useEmbeddedPg ? ' (embarqué, données dans .data/postgres)' : ''}`),
    row('Redis', new URL(redisUrl).host),
    row('Journaux', '.data/logs/'),
    // docs/product/rules.md#R801, #R802: what the network can reach, and where the links' key lives.
    row('Réseau', apiHost === '127.0.0.1' && (webHost === '127.0.0.1' || !hasWeb)
      ? 'API et site sur 127.0.0.1 seulement, fermés au réseau (API_HOST / WEB_HOST pour les ouvrir)'
      : `API sur ${apiHost}${hasWeb ? `, site sur ${webHost}` : ''}${apiHost === '0.0.0.0' || webHost === '0.0.0.0' ? ' : joignable depuis le réseau' : ''}`),
    row('Liens signés', secret
      ? `secret aléatoire de ce dossier de données, gardé dans .data/${SECRET_FILE}${secret.created ? ' (créé maintenant)' : ''}`
      : 'secret de DOWNLOAD_URL_SECRET'),
    '',
    `  ${color.bold('Ctrl-C')} arrête tout ; un nouveau « npm start » reprend les mêmes données.`,
    rule,
    '',
  ];
  console.log(lines.join('\n'));
}

async function main() {
  console.log(color.bold(`Outils — démarrage de la pile locale${dev ? ' (mode développement)' : ''}`));
  checkPrerequisites();
  await checkPorts();
  await build();
  if (stopping) return;
  const databaseUrl = await providePostgres();
  if (stopping) return;
  const redis = await provideRedis({ root, logDir });
  if (redis.process) watch(redis.process, services);
  if (stopping) return;
  const smtpUrl = await provideSmtp();
  if (stopping) return;

  // No signing secret in the code (docs/product/rules.md#R802): one per data folder, kept in .data/.
  const secret = process.env.DOWNLOAD_URL_SECRET || production ? null : developmentSecret(join(root, '.data'));
  const env = {
    ...process.env,
    ...(secret ? { DOWNLOAD_URL_SECRET: secret.secret } : {}),
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    SMTP_URL: smtpUrl,
    STORAGE_DIR: process.env.STORAGE_DIR ?? join(root, '.data/storage'),
    API_PORT: String(apiPort),
    API_URL: apiUrl,
    WEB_URL: webUrl,
  };
  mkdirSync(env.STORAGE_DIR, { recursive: true });
  await cli('db:migrate', env);
  if (stopping) return;
  if (env.NODE_ENV !== 'production') await cli('db:seed', env); // no demo data in production
  if (stopping) return;

  startApps(env);
  await waitUntilUp();
  if (stopping) return;
  banner({ databaseUrl, redisUrl: redis.url, secret });
}

main().catch((error) => {
  if (stopping) return;
  fail(error instanceof StartError ? error.message : `${error.message ?? error}`);
  if (!(error instanceof StartError) && process.env.DEBUG) console.error(error);
  void shutdown(1);
});
