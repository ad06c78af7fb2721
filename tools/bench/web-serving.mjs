// @ts-check
// Bench of the web server's pages (docs/product/rules.md#R830–R834), part of web-delivery.mjs,
// each pair interleaved in the same minutes at SERVING_RATIO_CONNECTIONS (20):
// - a kept page (the library, asked again and again) against a bare `node:http` server replaying
//   the same status, headers and bytes (lib/http-replay.mjs, its own process): target ≥ 0.8×;
// - a new address for every request (the library with a query string of its own: one render each,
//   its data read from the API first) against the plain page (`/login`, index.html with its head):
//   target ≥ 0.05×. Its listing is the library's first page, which renders of the same catalogue
//   version share (docs/product/rules.md#R840); a second target, a new page number each request
//   (`?page=2…81`), reads its own listing from the API every time;
// - 20 new addresses asked at once: how many arrive rendered (none may fall back to the plain page).
// - the web server's resident memory after BENCH_RSS_RENDERS (10 000) renders of distinct addresses:
//   target ≤ 200 MB (kept pages are bounded by WEB_KEPT_PAGES_MB, 8 by default).
// Run alone (`node tools/bench/web-serving.mjs`), it starts the API on a scratch catalogue and this
// build's web server; BENCH_WEB_BEFORE_DIST=<web build> with BENCH_WEB_BEFORE_SERVER=<its web
// server's main.js> measures that pair first, against the same API, in the same run;
// The web servers run with the web image's allocator settings and Node options (docker/Dockerfile.web's
// ENV MALLOC_… and CMD, read from it), then BENCH_WEB_NODE_OPTIONS, e.g. a heap limit (only them: the API keeps its own).
// The web server runs with WEB_RENDERS_PER_NETWORK_PER_MINUTE raised: every request comes from this
// one machine, whose budget would otherwise end the renders after a few hundred.
import { readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { ensureBuilt, snapshotBundles } from '../lib/builds.mjs';
import { finish, onCleanup } from '../lib/cleanup.mjs';
import { log } from '../lib/log.mjs';
import { machine } from '../lib/machine.mjs';
import { freePort } from '../lib/ports.mjs';
import { nodeProcess, ROOT, waitForHttp } from '../lib/processes.mjs';
import { webImageAllocatorEnv, webImageNodeFlags } from '../lib/image-node-flags.mjs';
import { deleteRedisKeys } from '../lib/redis.mjs';
import { createScratchDatabase, scratchDir } from '../lib/scratch.mjs';
import { interleaved } from './lib/load.mjs';
import { productionEnv } from './lib/production-env.mjs';
import { seedTaxonomy, seedTools, writeStorageFiles } from './lib/seed.mjs';

const num = (/** @type {string} */ name, /** @type {number} */ fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
export const SERVING_RATIO_CONNECTIONS = 20;
const SECONDS = num('BENCH_WEB_RATIO_SECONDS', 10);

/**
 * What the bench's web server needs besides the usual settings: the image's allocator settings,
 * BENCH_WEB_NODE_OPTIONS (e.g. a heap limit) for the web servers only, and no budget in the way of
 * one machine's load. The image's Node options go on the command line (BENCH_WEB_NODE_ARGS).
 */
export const BENCH_WEB_SERVER_ENV = {
  ...webImageAllocatorEnv(),
  WEB_RENDERS_PER_NETWORK_PER_MINUTE: '1000000',
  NODE_OPTIONS: process.env.BENCH_WEB_NODE_OPTIONS ?? '',
};

/** The web image's Node options (`CMD` of docker/Dockerfile.web, docs/product/rules.md#R892), as `node` takes them. */
export const BENCH_WEB_NODE_ARGS = webImageNodeFlags();

/**
 * An answer's status, headers and bytes as sent (fetch would decode them).
 * @param {string} url @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, headers: Record<string, string>, body: Buffer }>}
 */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks = /** @type {Buffer[]} */ ([]);
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({
        status: res.statusCode ?? 0,
        headers: Object.fromEntries(Object.entries(res.headers).filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks),
      }));
    }).on('error', reject);
  });
}

/**
 * @param {string} webUrl the web server of this build
 * @returns {Promise<{ kept: import('./lib/load.mjs').Summary, replay: import('./lib/load.mjs').Summary, fresh: import('./lib/load.mjs').Summary, ownListing: import('./lib/load.mjs').Summary,
 *   plain: import('./lib/load.mjs').Summary, bytes: number, encoding: string, burst: { rendered: number, asked: number } }>}
 */
export async function servingRatios(webUrl) {
  const path = '/toolspage';
  const headers = { 'accept-encoding': 'gzip, br' };
  // Asked twice: the second answer is the kept page.
  await rawGet(`${webUrl}${path}`, headers);
  const page = await rawGet(`${webUrl}${path}`, headers);
  if (!page.body.length || page.status !== 200) throw new Error(`${path}: status ${page.status}, nothing to replay`);
  const file = join(scratchDir('bench-web-replay'), 'page.json');
  writeFileSync(file, JSON.stringify({ status: page.status, headers: page.headers, body: page.body.toString('base64') }));
  const port = await freePort();
  const replay = nodeProcess('http-replay', 'tools/bench/lib/http-replay.mjs', { ...process.env, PORT: String(port), REPLAY_FILE: file }, join(ROOT, 'tmp/bench-logs'));
  replay.start();
  await waitForHttp(`http://127.0.0.1:${port}${path}`, replay);

  // 20 new addresses at once: each must arrive rendered.
  const stamp = Date.now().toString(36);
  const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => fetch(`${webUrl}${path}?rafale=${stamp}-${i}`).then((r) => r.text())));
  const rendered = burst.filter((html) => html.includes('data-server-rendered')).length;
  log(`web serving: 20 new addresses at once, ${rendered} rendered`);

  const settings = { duration: SECONDS, slices: 5, connections: SERVING_RATIO_CONNECTIONS };
  const statics = await interleaved([
    { key: 'kept', url: `${webUrl}${path}` },
    { key: 'replay', url: `http://127.0.0.1:${port}${path}` },
  ], { headers }, settings);
  let n = 0;
  const renders = await interleaved([
    { key: 'fresh', url: `${webUrl}${path}`, options: { requests: [{ setupRequest: (/** @type {{ path: string }} */ req) => ({ ...req, path: `${path}?bench=${stamp}-${(n += 1)}` }) }] } },
    { key: 'ownListing', url: `${webUrl}${path}`, options: { requests: [{ setupRequest: (/** @type {{ path: string }} */ req) => ({ ...req, path: `${path}?page=${2 + (n % 80)}&bench=${stamp}-${(n += 1)}` }) }] } },
    { key: 'plain', url: `${webUrl}/login` },
  ], { headers }, settings);
  await replay.stop();
  const result = { kept: statics.kept, replay: statics.replay, fresh: renders.fresh, ownListing: renders.ownListing, plain: renders.plain, bytes: page.body.length, encoding: page.headers['content-encoding'] ?? 'identity', burst: { rendered, asked: 20 } };
  log(`web serving: kept ${Math.round(result.kept.rps)} vs replay ${Math.round(result.replay.rps)} req/s; new address ${Math.round(result.fresh.rps)} (own listing ${Math.round(result.ownListing.rps)}) vs plain ${Math.round(result.plain.rps)} req/s`);
  return result;
}

/** @param {Awaited<ReturnType<typeof servingRatios>>} r @returns {string[]} */
export function renderServingRatios(r) {
  const ratio = (/** @type {number} */ a, /** @type {number} */ b) => (b > 0 ? a / b : 0);
  const row = (/** @type {string} */ name, /** @type {import('./lib/load.mjs').Summary} */ s) => `| ${name} | ${Math.round(s.rps)} | ${s.p50} | ${s.p99} | ${s.non2xx + s.errors} |`;
  const keptRatio = ratio(r.kept.rps, r.replay.rps);
  const freshRatio = ratio(r.fresh.rps, r.plain.rps);
  const ownRatio = ratio(r.ownListing.rps, r.plain.rps);
  return [
    '', `The web server's pages against their baselines, ${SERVING_RATIO_CONNECTIONS} connections, ${SECONDS} s each in 5 interleaved slices, \`Accept-Encoding: gzip, br\` (the kept library page: ${r.bytes} bytes ${r.encoding}):`, '',
    '| target | req/s | p50 ms | p99 ms | non-2xx + errors |', '|---|---|---|---|---|',
    row('kept page (/toolspage asked again)', r.kept), row('bare node:http replay of the same bytes', r.replay),
    row('new address each request (/toolspage?bench=…, one render each)', r.fresh),
    row('new address with its own listing (/toolspage?page=2…81&bench=…)', r.ownListing), row('plain page (/login)', r.plain),
    '', '| target | measured | verdict |', '|---|---|---|',
    `| kept page ≥ 0.8 × node:http replay | ${keptRatio.toFixed(2)} | ${keptRatio >= 0.8 ? 'met' : '**missed**'} |`,
    `| new address ≥ 0.05 × plain page | ${freshRatio.toFixed(3)} | ${freshRatio >= 0.05 ? 'met' : '**missed**'} |`,
    `| new address with its own listing ≥ 0.05 × plain page | ${ownRatio.toFixed(3)} | ${ownRatio >= 0.05 ? 'met' : '**missed**'} |`,
    `| 20 new addresses at once, all rendered | ${r.burst.rendered} of ${r.burst.asked} | ${r.burst.rendered === r.burst.asked ? 'met' : '**missed**'} |`,
  ];
}

/** Resident memory of a process, in MB (Linux). @param {number} pid */
function rssMb(pid) {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
}

/**
 * The web server's resident memory before and after `count` renders of distinct addresses (the
 * library, a page number and a query of their own each, 8 at a time): target ≤ 200 MB. Read every
 * second as well: its highest over the second half of the renders says how far it moves around
 * the last reading (with the collections) once the kept pages are full.
 * @param {string} webUrl @param {number} pid @param {number} count
 */
export async function rssAfterRenders(webUrl, pid, count) {
  const before = rssMb(pid);
  const stamp = Date.now().toString(36);
  let next = 0;
  let rendered = 0;
  const worker = async () => {
    while (next < count) {
      const i = (next += 1);
      const html = await (await fetch(`${webUrl}/toolspage?page=${1 + (i % 80)}&memoire=${stamp}-${i}`, { headers: { 'accept-encoding': 'br' } })).text();
      if (html.includes('data-server-rendered')) rendered += 1;
    }
  };
  /** @type {number[]} */
  const secondHalf = [];
  const sampler = setInterval(() => { if (next > count / 2) secondHalf.push(rssMb(pid)); }, 1000);
  const start = performance.now();
  await Promise.all(Array.from({ length: 8 }, worker)).finally(() => clearInterval(sampler));
  const seconds = (performance.now() - start) / 1000;
  const after = rssMb(pid);
  const highest = Math.max(after, ...secondHalf);
  log(`web serving: RSS ${before} MB before, ${after} MB after ${count} new addresses, ${highest} MB at the highest over the second half (${rendered} rendered, ${Math.round(count / seconds)} a second)`);
  return { before, after, highest, count, rendered, seconds };
}

/** Run alone: the API on a scratch catalogue, then each web server in turn (before, this build). */
async function main() {
  const num = (/** @type {string} */ name, /** @type {number} */ fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
  ensureBuilt(['cli', 'api', 'web', 'web-server']);
  const bundles = snapshotBundles(['cli', 'api', 'web', 'web-server']);
  const db = await createScratchDatabase('benchserving', bundles.cli);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  onCleanup(() => client.end().catch(() => undefined));
  const storageDir = scratchDir('bench-serving-storage');
  const { fileSize } = writeStorageFiles(storageDir);
  await seedTaxonomy(client);
  await seedTools(client, 1, num('BENCH_WEB_TOOLS', 1000), fileSize, fileSize);
  const webPort = await freePort();
  const webUrl = `http://localhost:${webPort}`;
  const [apiPort, workerPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `benchserving-${Date.now().toString(36)}`;
  onCleanup(() => deleteRedisKeys(redisUrl, redisPrefix));
  const env = productionEnv({ databaseUrl: db.url, apiPort, apiUrl, webUrl, workerPort, smtpUrl: `smtp://127.0.0.1:${await freePort()}`, redisUrl, redisPrefix, storageDir });
  const api = nodeProcess('api-serving', bundles.api, env, join(ROOT, 'tmp/bench-logs'));
  api.start();
  await waitForHttp(`${apiUrl}/health`, api, 60_000, () => true);
  const builds = [{ name: 'this build', dist: dirname(bundles.web), server: bundles['web-server'] }];
  if (process.env.BENCH_WEB_BEFORE_DIST) {
    builds.unshift({ name: 'before', dist: resolve(process.env.BENCH_WEB_BEFORE_DIST), server: resolve(process.env.BENCH_WEB_BEFORE_SERVER ?? bundles['web-server']) });
  }
  const lines = [];
  for (const build of builds) {
    const web = nodeProcess(`web-serving-${build.name.replace(' ', '-')}`, build.server, {
      ...process.env, NODE_ENV: 'production', WEB_DIST_DIR: build.dist, WEB_PORT: String(webPort), WEB_HOST: '127.0.0.1', API_URL: apiUrl, ...BENCH_WEB_SERVER_ENV,
    }, join(ROOT, 'tmp/bench-logs'), BENCH_WEB_NODE_ARGS);
    const child = web.start();
    await waitForHttp(`${webUrl}/config.js`, web);
    const load = machine().load;
    const ratios = await servingRatios(webUrl);
    const rss = await rssAfterRenders(webUrl, /** @type {number} */ (child.pid), num('BENCH_RSS_RENDERS', 10_000));
    await web.stop();
    lines.push(`### ${build.name} (load average ${load} at its start, ${machine().load} at its end)`, ...renderServingRatios(ratios),
      '', `Resident memory: ${rss.before} MB, then ${rss.after} MB after ${rss.count} new addresses, ${rss.highest} MB at the highest over their second half (${rss.rendered} rendered, ${Math.round(rss.count / rss.seconds)} a second at 8 at once): target ≤ 200 MB ${rss.after <= 200 ? 'met' : '**missed**'}.`, '');
  }
  await api.stop();
  console.log(`\n${lines.join('\n')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) finish(main());
