#!/usr/bin/env node
// @ts-check
// `npm run bench`: the catalogue's speed as measured facts (issue 8).
//
// 1. A scratch database (bench_<random>), migrated with the CLI bundle, bulk-seeded in SQL:
//    1 000 tools, then 100 000 tools, then 2 000 000 download logs (download_count consistent).
// 2. The production build of the API on a free port (NODE_ENV=production, rate limits off) and,
//    beside it, a bare node:http + pg BASELINE answering the listing with the same SQL and JSON.
// 3. autocannon against every call; API ÷ baseline ratios from the same run.
// 4. The web build: initial JS (gzip) and Lighthouse, mobile and desktop, against the bench API.
// 5. The table printed and written to docs/performance.md (between the bench markers; the
//    hand-written analysis around them is kept). The scratch database is dropped even on failure.
//
// Settings (environment): BENCH_DURATION seconds per call (10), BENCH_CONNECTIONS (50),
// BENCH_TOOLS (100000), BENCH_LOGS (2000000), BENCH_WARMUP seconds (2), BENCH_WEB=false to skip
// the web part, BENCH_LIGHTHOUSE=false to skip Lighthouse only, BENCH_LIGHTHOUSE_RUNS (3),
// BENCH_DIST=<dir> to measure bundles built elsewhere, BENCH_BUILD=true to rebuild,
// BENCH_API_BEFORE_DIST=<main.js> to measure another API build beside this one, BENCH_CPU_PROF_DIR=<dir>
// to profile the APIs and the replay, BENCH_WRITE_DOCS=false to only print, BENCH_ONLY=<regexp> to run only some calls (`--help`).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { ensureBuilt, gitCommit, snapshotBundles } from '../lib/builds.mjs';
import { finish, onCleanup } from '../lib/cleanup.mjs';
import { writeDocsSection } from '../lib/docs-section.mjs';
import { log } from '../lib/log.mjs';
import { machine } from '../lib/machine.mjs';
import { useProjectNode } from '../lib/node-runtime.mjs';
import { freePort } from '../lib/ports.mjs';
import { nodeProcess, ROOT, waitForHttp } from '../lib/processes.mjs';
import { deleteRedisKeys } from '../lib/redis.mjs';
import { createScratchDatabase, scratchDir } from '../lib/scratch.mjs';
import { requireTs } from '../lib/typescript.mjs';
import { benchCalls } from './calls.mjs';
import { runAdminStatsPart } from './admin-stats.mjs';
import { runFolderZipPart } from './folder-zip.mjs';
import { runWebDeliveryPart } from './web-delivery.mjs';
import { imageAllocatorEnv, imageNodeFlags, webImageAllocatorEnv, webImageNodeFlags } from '../lib/image-node-flags.mjs';
import { interleaved } from './lib/load.mjs';
import { productionEnv } from './lib/production-env.mjs';
import { downloadCountMismatches, seedDownloadLogs, seedTaxonomy, seedTools, writeStorageFiles } from './lib/seed.mjs';
import { insertUserWithSession } from './lib/users.mjs';
import { initialJs, jsLoadedBy, lighthouseScores } from './lib/web.mjs';
import { renderReport } from './report.mjs';
import {
  API_BEFORE_DIST, API_BEFORE_DOCKERFILE, CONNECTIONS, CPU_PROF_DIR, DURATION, HELP, LIGHTHOUSE, LIGHTHOUSE_RUNS, LOGS, MEMBERS, ONLY, SLICES, SMALL, TOOLS, WARMUP, WEB, deepPageOf, round,
} from './settings.mjs';

await useProjectNode(); // the bench measures the Node the images run (docs/product/rules.md#R820)

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(HELP);
  process.exit(0);
}

async function main() {
  const startedAt = new Date();
  const loadBefore = machine().load;
  log(`bench: ${TOOLS} tools, ${LOGS} logs, ${DURATION}s per call at ${CONNECTIONS} connections (load average ${loadBefore})`);
  /** @type {import('../lib/builds.mjs').Bundle[]} */
  const projects = ['cli', 'api', ...(WEB ? /** @type {const} */ (['web', 'web-server']) : [])];
  ensureBuilt(projects);
  const bundles = snapshotBundles(projects);
  const commit = gitCommit();

  // --- databases ---------------------------------------------------------------------------
  // main: the full catalogue with the download logs; small: 1 000 tools; twin: the same 100 000
  // tools without logs. Comparisons (1 000 vs 100 000 tools, 0 vs 2 000 000 logs) run against two
  // databases at once, interleaved, instead of one database before and after growing it: on a
  // shared machine, minutes apart means different background load.
  const storageDir = scratchDir('bench-storage');
  const { fileSize, imageSize } = writeStorageFiles(storageDir);
  /** @type {Record<string, number>} */
  const timings = {};
  /** @template T @param {string} label @param {() => Promise<T>} fn @returns {Promise<T>} */
  const timed = async (label, fn) => {
    const t = Date.now();
    const out = await fn();
    timings[label] = (Date.now() - t) / 1000;
    log(`${label}: ${timings[label].toFixed(1)} s`);
    return out;
  };
  const catalogue = async (/** @type {string} */ prefix, /** @type {number} */ tools) => {
    const db = await createScratchDatabase(prefix, bundles.cli);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    onCleanup(() => client.end().catch(() => undefined));
    await seedTaxonomy(client);
    await timed(`${prefix}: seed ${tools} tools`, () => seedTools(client, 1, tools, fileSize, imageSize));
    return { db, client };
  };
  const full = await catalogue('bench', TOOLS);
  const small = await catalogue('bench_small', SMALL);
  const twin = await catalogue('bench_nologs', TOOLS);
  const client = full.client;
  const admin = await (async () => {
    const admin = await insertUserWithSession(client, { email: `admin-bench-${randomBytes(3).toString('hex')}@example.com`, isAdmin: true });
    // The same admin (same token) in the twin database, for the 0-logs admin listing.
    await insertUserWithSession(twin.client, { email: admin.email, isAdmin: true, token: admin.token });
    return admin;
  })();
  const members = [];
  for (let i = 0; i < MEMBERS; i += 1) members.push(await insertUserWithSession(client, { email: `membre-bench-${i}@example.com` }));
  // 20 favourites each among the first 1 000 tools, for the onlyFavorites listing.
  await client.query(
    `INSERT INTO favorite (user_id, tool_id) SELECT u.id, 1 + (abs(hashtext(u.id::text || g)) % $1)
       FROM app_user u, generate_series(1, 20) g WHERE NOT u.is_admin ON CONFLICT DO NOTHING`,
    [SMALL],
  );
  await timed(`bench: seed ${LOGS} download logs`, () => seedDownloadLogs(client, LOGS, TOOLS));
  await timed('VACUUM ANALYZE (3 databases)', () => Promise.all([full, small, twin].map((d) => d.client.query('VACUUM ANALYZE'))));
  const mismatches = await downloadCountMismatches(client);
  const { rows: [counts] } = await client.query(`SELECT (SELECT count(*) FROM tool)::int AS tools, (SELECT count(*) FROM download_log)::int AS logs,
    (SELECT count(*) FROM tool_image)::int AS images, (SELECT sum(download_count) FROM tool)::bigint AS sum`);
  log(`seeded: ${counts.tools} tools, ${counts.images} images, ${counts.logs} logs (sum of download_count ${counts.sum}, ${mismatches} tools inconsistent)`);
  const { rows: taxonomy } = await client.query(`SELECT (SELECT array_agg(id ORDER BY id) FROM category) AS cats, (SELECT array_agg(id ORDER BY id) FROM tool_type) AS types`);
  const [cats, types] = [taxonomy[0].cats, taxonomy[0].types];
  const adminHeaders = admin.headers;

  // --- processes -----------------------------------------------------------------------------
  const webPort = await freePort();
  const webUrl = `http://localhost:${webPort}`;
  const logDir = join(ROOT, 'tmp/bench-logs');
  const redisPrefix = `bench-${Date.now().toString(36)}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  onCleanup(() => deleteRedisKeys(redisUrl, redisPrefix));
  const smtpUrl = `smtp://127.0.0.1:${await freePort()}`; // nothing is mailed during the bench
  /** Under the CPU profiler when asked: the profile is written when the process exits on SIGTERM. */
  const profiled = (/** @type {NodeJS.ProcessEnv} */ env) => (CPU_PROF_DIR
    ? { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${CPU_PROF_DIR}`.trim() }
    : env);
  const startApi = async (/** @type {string} */ name, /** @type {string} */ databaseUrl, bundle = bundles.api, dockerfile = 'Dockerfile.api') => {
    const [apiPort, workerPort] = [await freePort(), await freePort()];
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const env = productionEnv({ databaseUrl, apiPort, apiUrl, webUrl, workerPort, smtpUrl, redisUrl, redisPrefix, storageDir });
    // The API image's allocator settings and Node options (docs/product/rules.md#R896).
    const proc = nodeProcess(name, bundle, profiled({ ...env, ...imageAllocatorEnv(dockerfile) }), logDir, imageNodeFlags(dockerfile));
    proc.start();
    await waitForHttp(`${apiUrl}/health`, proc, 60_000, () => true);
    const probe = await fetch(`${apiUrl}/api/tools`);
    if (probe.status !== 200) throw new Error(`${name}: GET /api/tools answers ${probe.status}: ${(await probe.text()).slice(0, 300)}\n${proc.tail()}`);
    return { url: apiUrl, proc, env };
  };
  const startBaseline = async (/** @type {string} */ name, /** @type {string} */ databaseUrl, /** @type {string} */ apiUrl) => {
    const port = await freePort();
    const proc = nodeProcess(name, 'tools/bench/baseline.mjs', { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), API_URL: apiUrl }, logDir);
    proc.start();
    await waitForHttp(`http://127.0.0.1:${port}/api/tools`, proc);
    return { url: `http://127.0.0.1:${port}`, proc };
  };
  const startReplay = async (/** @type {string} */ name, /** @type {string} */ apiUrl) => {
    const port = await freePort();
    const proc = nodeProcess(name, 'tools/bench/nest-replay.mjs', profiled({ ...process.env, PORT: String(port), API_URL: apiUrl, WEB_URL: webUrl, NODE_ENV: 'production' }), logDir);
    proc.start();
    await waitForHttp(`http://127.0.0.1:${port}/api/filters`, proc);
    return { url: `http://127.0.0.1:${port}`, proc };
  };
  const api = await startApi('api', full.db.url);
  await readModelBuilt(api.url, deepPageOf(TOOLS));
  const baseline = await startBaseline('baseline', full.db.url, api.url);
  const replay = await startReplay('nest-replay', api.url);
  // Another API build on the same database, measured in the same interleaved runs (before/after).
  const apiBefore =
    API_BEFORE_DIST || API_BEFORE_DOCKERFILE ? await startApi('api-before', full.db.url, API_BEFORE_DIST ?? bundles.api, API_BEFORE_DOCKERFILE ?? undefined) : null;
  if (apiBefore) await readModelBuilt(apiBefore.url, deepPageOf(TOOLS));
  const apiUrl = api.url;
  const baseUrl = baseline.url;
  log(`API ${apiUrl} (production build of ${bundles.stamp.api} UTC), baseline ${baseUrl}`);

  // Same JSON from both, or the ratio compares unequal work: the bench stops.
  await sameAnswers(apiUrl, baseUrl, [
    { path: '/api/tools' }, { path: `/api/tools?page=3&categories%5B%5D=${cats[1]}` }, { path: '/api/tools?q=facture' },
    { path: '/api/tools?q=cybersecurte&sort=popular' }, { path: `/api/tools?difficulties%5B%5D=Moyen&types%5B%5D=${types[0]}` },
    { path: '/api/tools?onlyFavorites=true', headers: members[0].headers }, { path: '/api/tools?max=100', headers: adminHeaders },
    { path: '/tools/outil-7' }, { path: '/tools/7', headers: members[0].headers }, { path: '/api/filters' }, { path: '/api/tools/featured' },
  ]);

  /**
   * Interleaved runs of one load on several targets; logs one line per target.
   * @param {string} title @param {Parameters<typeof interleaved>[0]} targets @param {Parameters<typeof interleaved>[1]} options
   */
  const measure = async (title, targets, options) => {
    const out = await interleaved(targets, options, { duration: DURATION, slices: SLICES, connections: CONNECTIONS, warmup: WARMUP });
    for (const [key, r] of Object.entries(out)) {
      log(`${title} [${key}]: ${round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}`);
    }
    return out;
  };
  const listingP1 = { requests: [{ path: '/api/tools' }] };
  const adminListing = { requests: [{ path: '/api/tools?max=100', headers: adminHeaders }] };

  // --- 1 000 vs 100 000 tools; 0 vs 2 000 000 logs -------------------------------------------------
  let scaling = null;
  let adminLogs = null;
  if (!ONLY || ONLY.test('scaling')) {
    const apiSmall = await startApi('api-small', small.db.url);
    const baseSmall = await startBaseline('baseline-small', small.db.url, apiSmall.url);
    const m = await measure('listing page 1', [
      { key: `API ${SMALL}`, url: apiSmall.url }, { key: `API ${TOOLS}`, url: apiUrl },
      { key: `baseline ${SMALL}`, url: baseSmall.url }, { key: `baseline ${TOOLS}`, url: baseUrl },
    ], listingP1);
    scaling = { small: m[`API ${SMALL}`], large: m[`API ${TOOLS}`], smallBase: m[`baseline ${SMALL}`], largeBase: m[`baseline ${TOOLS}`] };
    await apiSmall.proc.stop();
    await baseSmall.proc.stop();
  }
  if (!ONLY || ONLY.test('admin')) {
    const apiTwin = await startApi('api-nologs', twin.db.url);
    const m = await measure('admin listing max=100', [{ key: '0 logs', url: apiTwin.url }, { key: `${LOGS} logs`, url: apiUrl }], adminListing);
    adminLogs = { none: m['0 logs'], many: m[`${LOGS} logs`] };
    await apiTwin.proc.stop();
  }

  const deepPage = deepPageOf(TOOLS);
  const calls = await benchCalls({ apiUrl, cats, types, members, listingP1, adminListing, deepPage, withFileLinks: !ONLY || ONLY.test('file') });
  const results = [];
  for (const call of calls) {
    if (ONLY && !ONLY.test(call.name)) continue;
    const targets = [
      { key: 'api', url: apiUrl },
      ...(apiBefore ? [{ key: 'api before', url: apiBefore.url }] : []),
      ...(call.baseline ? [{ key: 'baseline', url: baseUrl }] : []),
      ...(call.replay ? [{ key: 'replay', url: replay.url }] : []),
    ];
    const m = await measure(call.name, targets, call.options);
    results.push({ call, api: m.api, base: m.baseline ?? null, replay: m.replay ?? null });
  }
  // What-if: the baseline with the listing total cached, i.e. without one count(*) per request,
  // interleaved with the baseline as it is.
  let whatIf = null;
  if (!ONLY || ONLY.test('what-if')) {
    const m = await measure('what-if: listing page 1', [
      { key: 'baseline', url: baseUrl }, { key: 'baseline, total cached', url: baseUrl, options: { requests: [{ path: '/api/tools?cachedTotal=1' }] } },
    ], listingP1);
    whatIf = { page1: m['baseline, total cached'], page1Plain: m.baseline };
  }

  // --- plans, as evidence for the figures ---------------------------------------------------------
  /** @type {Array<{ label: string, plan: string }>} */
  const plans = [];
  const explain = async (/** @type {string} */ label, /** @type {string} */ sql, /** @type {unknown[]} */ params) => {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    plans.push({ label, plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
  };
  // The API's own statements (its listing builder, through the baseline's code).
  /** @type {typeof import('./lib/baseline-server.js')} */
  const baselineCode = /** @type {any} */ (requireTs(new URL('./lib/baseline-server.ts', import.meta.url)));
  const statementsPool = new pg.Pool({ connectionString: full.db.url, max: 1 });
  onCleanup(() => statementsPool.end());
  const reads = baselineCode.catalogueReads(statementsPool, apiUrl);
  for (const [label, query] of [
    ['listing page 1', ''],
    [`listing page ${deepPage}`, `page=${deepPage}`],
    ['filter difficulty=Moyen', 'difficulties[]=Moyen'],
    ['search q=facture', 'q=facture'],
    ['admin listing max=100', 'max=100'],
  ]) {
    const sql = await reads.listingStatements(new URLSearchParams(query));
    await explain(`${label} — page query`, sql.pageSql, sql.pageParams);
    await explain(`${label} — count query`, sql.countSql, sql.countParams);
  }

  // --- web --------------------------------------------------------------------------------------------
  let web = null;
  if (WEB) {
    const webIndex = /** @type {string} */ (bundles.web);
    // The web server as `npm start` and the web image run it (apps/web-server).
    const webServer = nodeProcess('web-server', /** @type {string} */ (bundles['web-server']), {
      ...process.env, NODE_ENV: 'production', WEB_DIST_DIR: dirname(webIndex), WEB_PORT: String(webPort), WEB_HOST: '127.0.0.1', API_URL: apiUrl,
      // The image's allocator settings, and its Node options on the command line (docs/product/rules.md#R890, #R892).
      ...webImageAllocatorEnv(),
    }, logDir, webImageNodeFlags());
    webServer.start();
    await waitForHttp(`${webUrl}/config.js`, webServer);
    const initial = initialJs(dirname(webIndex));
    log(`initial JS (entry + modulepreload): ${initial.gzipKb} KB gzip (${initial.rawKb} KB raw)`);
    let loaded = null;
    try {
      loaded = await jsLoadedBy(`${webUrl}/toolspage`);
      log(`JS loaded by /toolspage in Chromium: ${loaded.gzipKb} KB gzip in ${loaded.count} files`);
    } catch (error) {
      log(`JS loaded by /toolspage: failed (${/** @type {Error} */ (error).message})`);
    }
    const lighthouse = LIGHTHOUSE
      ? await lighthouseScores([
          { name: '/', url: `${webUrl}/` },
          { name: '/toolspage', url: `${webUrl}/toolspage` },
          { name: 'sheet /toolspage/outil-7', url: `${webUrl}/toolspage/outil-7` },
        ], LIGHTHOUSE_RUNS)
      : [];
    web = { initial, loaded, lighthouse };
  }

  const apiRssMb = rssMb(api.proc.child?.pid);
  log(`API RSS after the calls: ${apiRssMb} MB`);
  const loadAfter = machine().load;
  const report = renderReport({
    startedAt, commit, stamp: bundles.stamp.api, apiRssMb, loadBefore, loadAfter, counts, mismatches, timings, scaling, adminLogs, results, whatIf, plans, web, deepPage,
    duration: (Date.now() - startedAt.getTime()) / 1000,
  });
  console.log(`\n${report}\n`);
  if (process.env.BENCH_WRITE_DOCS !== 'false') {
    writeDocs(report);
    log('written to docs/performance.md');
  }
  // Part "zip": the download folder's ZIP (folder-zip.mjs), in its own section of docs/performance.md.
  if (!ONLY || ONLY.test('zip')) await runFolderZipPart({ bundles });
  // Part "stats": GET /admin/stats on the daily figures of 2 000 000 logs (admin-stats.mjs).
  if (!ONLY || ONLY.test('stats')) await runAdminStatsPart({ bundles });
  // Part "web-delivery": layout shift, LCP, initial JS, previews without JavaScript (web-delivery.mjs).
  if (WEB && (!ONLY || ONLY.test('web-delivery'))) await runWebDeliveryPart({ bundles });
}

/**
 * Stops the bench when the API and the baseline answer a read with different bodies (compared as
 * JSON values): their ratio would then compare unequal work.
 * @param {string} apiUrl @param {string} baseUrl @param {Array<{ path: string, headers?: Record<string, string> }>} requests
 */
async function sameAnswers(apiUrl, baseUrl, requests) {
  const differing = [];
  for (const { path, headers } of requests) {
    const [a, b] = await Promise.all([apiUrl, baseUrl].map(async (origin) => {
      const res = await fetch(origin + path, { headers });
      return { status: res.status, body: await res.json() };
    }));
    if (!isDeepStrictEqual(a, b)) differing.push(`${path}:\n  API      ${JSON.stringify(a).slice(0, 400)}\n  baseline ${JSON.stringify(b).slice(0, 400)}`);
  }
  if (differing.length) throw new Error(`the baseline does not answer what the API answers, so their ratio would compare unequal work:\n${differing.join('\n')}`);
  log(`API and baseline answer the same ${requests.length} bodies`);
}

/** Resident memory of a process, from /proc (Linux), in MB. @param {number | undefined} pid */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return null;
  }
}

/**
 * The API answers from the database until its catalogue read model is built (a few seconds at
 * 100 000 tools, docs/catalogue.md): wait until the deepest page answers fast three times in a row.
 * @param {string} apiUrl @param {number} deepPage
 */
async function readModelBuilt(apiUrl, deepPage) {
  const deadline = Date.now() + 120_000;
  let fast = 0;
  while (fast < 3 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${apiUrl}/api/tools?page=${deepPage}&types%5B%5D=1`).then((r) => r.arrayBuffer());
    fast = performance.now() - started < 15 ? fast + 1 : 0;
    if (fast < 3) await new Promise((r) => setTimeout(r, 200));
  }
  log(`API read model ${fast >= 3 ? 'built' : 'NOT confirmed built after 120 s'}`);
}

/** @param {string} report */
function writeDocs(report) {
  writeDocsSection(join(ROOT, 'docs/performance.md'), { name: 'bench', title: 'Performance', command: 'bench', script: 'tools/bench/run.mjs' }, report);
}

finish(main());
