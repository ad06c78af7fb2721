// @ts-check
// The stack the drills run against, all of it their own: a PostgreSQL server of their own (the
// embedded binaries, in a scratch folder on a free port: drill 2 restarts it), a scratch database
// (2 000 tools), a private redis-server (drill 3 stops it), MailDev, and the production API and
// worker bundles on free ports. Everything is stopped and removed at cleanup.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuilt, snapshotBundles } from '../lib/builds.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { embeddedPostgresAvailable, runEmbeddedPostgres } from '../lib/embedded-postgres.mjs';
import { log } from '../lib/log.mjs';
import { startMaildev } from '../lib/maildev.mjs';
import { freePort } from '../lib/ports.mjs';
import { nodeProcess, ROOT, waitForHttp } from '../lib/processes.mjs';
import { privateRedis } from '../lib/redis.mjs';
import { adminDatabaseUrl, createScratchDatabase, scratchDir } from '../lib/scratch.mjs';
import { productionEnv } from '../bench/lib/production-env.mjs';
import { seedTaxonomy, seedTools, writeStorageFiles } from '../bench/lib/seed.mjs';
import { insertUserWithSession } from '../bench/lib/users.mjs';

const TOOLS = 2_000;

/**
 * The PostgreSQL server of the run: a private embedded one unless DRILLS_DATABASE_ADMIN_URL
 * names a server (then nothing restarts it: drill 2 is skipped).
 * @param {string} logDir
 * @returns {Promise<{ adminUrl: string, server: import('../lib/embedded-postgres.mjs').EmbeddedPostgres | null, why?: string }>}
 */
async function postgresServer(logDir) {
  if (process.env.DRILLS_DATABASE_ADMIN_URL) {
    return { adminUrl: process.env.DRILLS_DATABASE_ADMIN_URL, server: null, why: 'DRILLS_DATABASE_ADMIN_URL names a server the drills did not start' };
  }
  if (!(await embeddedPostgresAvailable())) {
    return { adminUrl: adminDatabaseUrl(), server: null, why: 'the embedded PostgreSQL binaries are missing (npm ci installs them)' };
  }
  const server = await runEmbeddedPostgres({ dataDir: join(scratchDir('drills-pg'), 'data'), port: await freePort(), logDir, cwd: ROOT, name: 'drills-postgres', echo: (line) => /\bPANIC\b/.test(line) });
  onCleanup(() => server.stop());
  log(`private PostgreSQL (embedded binaries) on ${new URL(server.adminUrl).host}`);
  return { adminUrl: server.adminUrl, server };
}

export async function startDrillStack() {
  ensureBuilt(['cli', 'api', 'worker']);
  const bundles = snapshotBundles(['cli', 'api', 'worker']);
  const logDir = join(ROOT, 'tmp/drills-logs');
  const postgres = await postgresServer(logDir);

  const db = await createScratchDatabase('drills', /** @type {string} */ (bundles.cli), postgres.adminUrl);
  const storageDir = scratchDir('drills-storage');
  const { fileSize, imageSize } = writeStorageFiles(storageDir);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await seedTaxonomy(client);
  await seedTools(client, 1, TOOLS, fileSize, imageSize);
  await client.query('VACUUM ANALYZE');
  const admin = await insertUserWithSession(client, { email: `admin-drills-${randomBytes(3).toString('hex')}@example.com`, isAdmin: true });
  const member = await insertUserWithSession(client, { email: `membre-drills-${randomBytes(3).toString('hex')}@example.com` });
  const { rows: [refs] } = await client.query(`SELECT (SELECT min(id) FROM category) AS category_id, (SELECT min(id) FROM tool_type) AS type_id,
    (SELECT id FROM tool_image LIMIT 1) AS image_id`);
  await client.end();

  const redis = await privateRedis();
  const maildev = await startMaildev();
  const [apiPort, workerPort, webPort] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const env = productionEnv({
    databaseUrl: db.url, apiPort, apiUrl, webUrl: `http://localhost:${webPort}`, workerPort, smtpUrl: maildev.url,
    redisUrl: redis.url, redisPrefix: 'drills', storageDir,
  });
  const api = nodeProcess('api', /** @type {string} */ (bundles.api), env, logDir);
  const worker = nodeProcess('worker', /** @type {string} */ (bundles.worker), env, logDir);
  api.start();
  worker.start();
  await waitForHttp(`${apiUrl}/health`, api, 60_000);
  await waitForHttp(`http://127.0.0.1:${workerPort}/health`, worker, 60_000, () => true).catch(() => log('worker has no /health answer; going on'));
  log(`stack up: API ${apiUrl} (pid ${api.child?.pid}), worker pid ${worker.child?.pid}, private Redis :${redis.port}, MailDev ${maildev.webUrl}`);

  /** Listing pages, filters, a search and sheets, at random. @param {object} req */
  const randomRead = (req) => {
    const r = Math.random();
    const path = r < 0.4 ? `/api/tools?page=${1 + Math.floor(Math.random() * 50)}`
      : r < 0.55 ? `/api/tools?categories%5B%5D=${refs.category_id}&page=${1 + Math.floor(Math.random() * 5)}`
      : r < 0.6 ? `/api/tools?q=${encodeURIComponent('facture')}`
      : `/tools/outil-${1 + Math.floor(Math.random() * TOOLS)}`;
    return { ...req, path };
  };
  return {
    bundles, logDir, postgres, db, storageDir, refs, admin, member, redis, maildev, env, apiUrl, api, worker,
    readRequests: { requests: [{ path: '/api/tools', setupRequest: randomRead }] },
  };
}

/** @typedef {Awaited<ReturnType<typeof startDrillStack>>} DrillStack */
/** @typedef {(drill: number | string, target: string, measured: string, pass: boolean | null, details?: string[]) => void} Record */
