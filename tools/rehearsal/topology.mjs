// @ts-check
// The production topology on one machine (docs/scaling.md § Rehearsal): nginx with the compose
// gateway configuration, 2 API processes, 2 workers, 2 web servers, PostgreSQL (a database of its
// own on the machine's server), a private redis-server, MailDev and an S3-protocol server, each a
// process of its own on a free port, from the production bundles. Every process gets the
// environment compose gives its container (compose-env.mjs) plus the loopback differences listed
// in `machineOverrides`. Everything is stopped and removed at cleanup (Ctrl-C included).
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import pg from 'pg';
import { ensureBuilt, snapshotBundles } from '../lib/builds.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { log } from '../lib/log.mjs';
import { spawnMaildev } from '../lib/maildev.mjs';
import { freePort, portAnswers, waitFor } from '../lib/ports.mjs';
import { apiImageNodeFlags, imageEnv, webImageNodeFlags } from '../lib/image-node-flags.mjs';
import { ManagedProcess, nodeProcess, ROOT, waitForHttp } from '../lib/processes.mjs';
import { privateRedis } from '../lib/redis.mjs';
import { adminDatabaseUrl, createScratchDatabase, scratchDir } from '../lib/scratch.mjs';
import { MEASUREMENT_PUBLISHER } from '../bench/lib/production-env.mjs';
import { seedTaxonomy, seedTools, writeStorageFiles } from '../bench/lib/seed.mjs';
import { insertUserWithSession } from '../bench/lib/users.mjs';
import { readCompose, serviceEnv, toLoopback } from './compose-env.mjs';
import { startGateway } from './gateway.mjs';

const require = createRequire(import.meta.url);
const { startFaultProxy } = require('../lib/fault-proxy.cjs');

export const BUCKET = 'outils';
export const S3_KEYS = { id: 'S3RVER', secret: 'S3RVER' }; // the only key pair s3rver knows

/** Uploads every file under `dir` to the bucket (the seeded tool file and image). @param {string} dir @param {string} endpoint */
async function uploadFolder(dir, endpoint) {
  const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ region: 'fr-par', endpoint, forcePathStyle: true, credentials: { accessKeyId: S3_KEYS.id, secretAccessKey: S3_KEYS.secret } });
  /** @param {string} folder @returns {string[]} */
  const walk = (folder) => readdirSync(folder).flatMap((name) => (statSync(join(folder, name)).isDirectory() ? walk(join(folder, name)) : [join(folder, name)]));
  for (const file of walk(dir)) await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: relative(dir, file), Body: readFileSync(file) }));
  client.destroy();
}

/**
 * @param {{ tools?: number, apiReplicas?: number, workerReplicas?: number, webReplicas?: number, env?: Record<string, string>, quiet?: boolean }} [options]
 */
export async function startTopology({ tools = 500, apiReplicas = 2, workerReplicas = 2, webReplicas = 2, env: extraVars = {} } = {}) {
  ensureBuilt(['cli', 'api', 'worker', 'web', 'web-server']);
  const bundles = snapshotBundles(['cli', 'api', 'worker', 'web', 'web-server']);
  const logDir = join(ROOT, 'tmp/rehearsal-logs');

  // PostgreSQL: a database of its own on the machine's server, migrated (compose: `migrate`).
  const db = await createScratchDatabase('rehearsal', bundles.cli, adminDatabaseUrl());
  const seedDir = scratchDir('rehearsal-seed');
  const { fileSize, imageSize } = writeStorageFiles(seedDir);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await seedTaxonomy(client);
  await seedTools(client, 1, tools, fileSize, imageSize);
  await client.query('VACUUM ANALYZE');
  const admin = await insertUserWithSession(client, { email: `admin-repetition-${randomBytes(3).toString('hex')}@example.com`, isAdmin: true });
  const { rows: [refs] } = await client.query('SELECT (SELECT min(id) FROM category) AS category_id, (SELECT min(id) FROM tool_type) AS type_id');
  await client.end();

  const redis = await privateRedis();
  const [smtpPort, mailWebPort] = [await freePort(), await freePort()];
  const maildev = await spawnMaildev({ root: ROOT, logDir, smtpPort, webPort: mailWebPort });
  onCleanup(() => maildev.process.stop());

  // The object store, a process of its own.
  const s3Port = await freePort();
  const s3Dir = scratchDir('rehearsal-s3');
  const s3 = new ManagedProcess('s3', process.execPath, [join(import.meta.dirname, 's3-server.cjs'), String(s3Port), s3Dir, BUCKET], { cwd: ROOT, env: process.env, logDir, echo: () => false });
  onCleanup(() => s3.stop());
  await waitFor(() => portAnswers('127.0.0.1', s3Port), { timeoutMs: 15_000, what: 'the S3 server' });
  const s3Endpoint = `http://127.0.0.1:${s3Port}`;
  await uploadFolder(seedDir, s3Endpoint);

  // The first API process reaches PostgreSQL and the store through fault proxies: the drill can
  // pull these cables for that process alone (readiness, docs/product/rules.md#R855).
  const pgUrl = new URL(db.url);
  const pgProxy = await startFaultProxy({ targetHost: pgUrl.hostname, targetPort: Number(pgUrl.port || 5432) });
  const s3Proxy = await startFaultProxy({ targetPort: s3Port });
  onCleanup(() => pgProxy.close());
  onCleanup(() => s3Proxy.close());

  const apiPorts = await Promise.all(Array.from({ length: apiReplicas }, () => freePort()));
  const workerPorts = await Promise.all(Array.from({ length: workerReplicas }, () => freePort()));
  const webPorts = await Promise.all(Array.from({ length: webReplicas }, () => freePort()));
  const [gatewayPort, webGatewayPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${gatewayPort}`;
  const webUrl = `http://127.0.0.1:${webGatewayPort}`;

  // What the operator's .env says (compose reads these names).
  /** @type {Record<string, string>} */
  const vars = {
    ...MEASUREMENT_PUBLISHER,
    LOG_LEVEL: 'warn',
    API_URL: apiUrl,
    WEB_URL: webUrl,
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `rehearsal-${randomBytes(3).toString('hex')}`,
    SMTP_URL: maildev.url,
    MAIL_FROM: 'Outils <ne-pas-repondre@outils.example>',
    DOWNLOAD_URL_SECRET: randomBytes(32).toString('hex'),
    METRICS_TOKEN: randomBytes(24).toString('hex'),
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3Endpoint,
    S3_REGION: 'fr-par',
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: S3_KEYS.id,
    S3_SECRET_ACCESS_KEY: S3_KEYS.secret,
    S3_FORCE_PATH_STYLE: 'true',
    ...extraVars,
  };
  const compose = readCompose();
  const hosts = { 'api-gateway:80': `127.0.0.1:${gatewayPort}`, 'postgres:5432': `${pgUrl.host}`, 'redis:6379': `127.0.0.1:${redis.port}` };
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root' };
  const envOf = (/** @type {string} */ service, /** @type {string} */ dockerfile, /** @type {Record<string, string>} */ machineOverrides) => {
    const composed = Object.fromEntries(Object.entries(serviceEnv(compose, service, vars)).map(([k, v]) => [k, toLoopback(v, hosts)]));
    return { ...base, ...imageEnv(dockerfile), ...composed, ...machineOverrides };
  };
  const storageDir = scratchDir('rehearsal-unused-disk');
  const apis = apiPorts.map((port, i) => nodeProcess(`api-${i + 1}`, bundles.api, envOf('api', 'Dockerfile.api', {
    API_PORT: String(port), API_HOST: '127.0.0.1', STORAGE_DIR: storageDir,
    ...(i === 0 ? { DATABASE_URL: db.url.replace(`@${pgUrl.host}/`, `@127.0.0.1:${pgProxy.port}/`), S3_ENDPOINT: `http://127.0.0.1:${s3Proxy.port}` } : {}),
  }), logDir, apiImageNodeFlags()));
  const workers = workerPorts.map((port, i) => nodeProcess(`worker-${i + 1}`, bundles.worker, envOf('worker', 'Dockerfile.worker', {
    WORKER_HTTP_PORT: String(port), STORAGE_DIR: storageDir,
  }), logDir));
  const webDist = dirname(bundles.web);
  const webs = webPorts.map((port, i) => nodeProcess(`web-${i + 1}`, bundles['web-server'], envOf('web', 'Dockerfile.web', {
    WEB_PORT: String(port), WEB_HOST: '127.0.0.1', WEB_DIST_DIR: webDist,
    // The image's `CMD` options (docs/product/rules.md#R892) on Node's command line, as the
    // image gives them: the compose file's environment does not carry them.
  }), logDir, webImageNodeFlags()));
  // At cleanup, every app process at once (each would otherwise wait its turn to stop).
  onCleanup(() => Promise.all([...webs, ...apis, ...workers].map((p) => p.stop())));
  for (const p of [...apis, ...workers]) p.start();
  await Promise.all(apis.map((api, i) => waitForHttp(`http://127.0.0.1:${apiPorts[i]}/health`, api, 90_000)));
  await Promise.all(workers.map((w, i) => waitForHttp(`http://127.0.0.1:${workerPorts[i]}/health`, w, 90_000, () => true)));
  const gatewayDir = scratchDir('rehearsal-nginx');
  const gateway = await startGateway({ apiPorts, webPorts, port: gatewayPort, webPort: webGatewayPort, dir: gatewayDir, logDir });
  for (const w of webs) w.start();
  await Promise.all(webs.map((w, i) => waitForHttp(`http://127.0.0.1:${webPorts[i]}/config.js`, w, 60_000)));
  log(`rehearsal up: API gateway ${apiUrl} → API ${apiPorts.join(', ')}; web ${webUrl} → ${webPorts.join(', ')}; workers ${workerPorts.join(', ')}; S3 ${s3Endpoint}; MailDev http://127.0.0.1:${mailWebPort}; Redis :${redis.port}; database ${db.name}`);
  return {
    apiEnv: envOf('api', 'Dockerfile.api', { API_HOST: '127.0.0.1', STORAGE_DIR: storageDir }),
    bundles, logDir, db, refs, admin, redis, vars, compose, gateway, apiUrl, webUrl, s3, s3Endpoint, s3Proxy, pgProxy,
    maildev: { ...maildev, webUrl: `http://127.0.0.1:${mailWebPort}` },
    apis: apis.map((process, i) => ({ process, port: apiPorts[i], url: `http://127.0.0.1:${apiPorts[i]}` })),
    workers: workers.map((process, i) => ({ process, port: workerPorts[i] })),
    webs: webs.map((process, i) => ({ process, port: webPorts[i], url: `http://127.0.0.1:${webPorts[i]}` })),
  };
}

/** @typedef {Awaited<ReturnType<typeof startTopology>>} Topology */
