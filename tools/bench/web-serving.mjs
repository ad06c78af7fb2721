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
// The web server runs with WEB_RENDERS_PER_NETWORK_PER_MINUTE raised: every request comes from this
// one machine, whose budget would otherwise end the renders after a few hundred.
import { writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { log } from '../lib/log.mjs';
import { freePort } from '../lib/ports.mjs';
import { nodeProcess, ROOT, waitForHttp } from '../lib/processes.mjs';
import { scratchDir } from '../lib/scratch.mjs';
import { interleaved } from './lib/load.mjs';

const num = (/** @type {string} */ name, /** @type {number} */ fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
export const SERVING_RATIO_CONNECTIONS = 20;
const SECONDS = num('BENCH_WEB_RATIO_SECONDS', 10);

/** What the bench's web server needs besides the usual settings: no budget in the way of one machine's load. */
export const BENCH_WEB_SERVER_ENV = { WEB_RENDERS_PER_NETWORK_PER_MINUTE: '1000000' };

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
