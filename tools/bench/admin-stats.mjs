#!/usr/bin/env node
// @ts-check
// Bench part "stats" (docs/product/rules.md#R675, #R676): GET /admin/stats on 2 000 000 download
// logs, through the production build of the API, against a baseline in the same run (a bare
// node:http + pg server reading the same pre-aggregated rows, lib/stats-baseline.mjs).
//
// 1. A scratch database: 1 000 tools, BENCH_LOGS (2 000 000) download logs over 13 months, one in
//    ten with an e-mail, plus a flagged robot fetch for one in twenty.
// 2. The aggregation of the whole history with the CLI (`stats:aggregate`, the worker's SQL), timed.
// 3. autocannon on the API (last 30 days, all tools; then one tool by week over a year) and on the
//    baseline (the same bytes from the same rows, checked first), interleaved; then the API with
//    its memory of past days defeated (the generation raised every 20 ms) against the baseline
//    again; p50/p99 against the 200 ms target and as a ratio to the baseline.
//
// Run alone with `node tools/bench/admin-stats.mjs`, or in `npm run bench` (BENCH_ONLY=stats).
// Settings: BENCH_LOGS, BENCH_STATS_DURATION seconds per target (6), BENCH_STATS_CONNECTIONS (10),
// BENCH_WRITE_DOCS=false to only print.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuilt, gitCommit, snapshotBundles } from '../lib/builds.mjs';
import { finish } from '../lib/cleanup.mjs';
import { writeDocsSection } from '../lib/docs-section.mjs';
import { log } from '../lib/log.mjs';
import { machine } from '../lib/machine.mjs';
import { freePort } from '../lib/ports.mjs';
import { nodeProcess, ROOT, waitForHttp } from '../lib/processes.mjs';
import { createScratchDatabase, scratchDir } from '../lib/scratch.mjs';
import { interleaved } from './lib/load.mjs';
import { productionEnv } from './lib/production-env.mjs';
import { seedDownloadLogs, seedTaxonomy, seedTools, writeStorageFiles } from './lib/seed.mjs';
import { insertUserWithSession } from './lib/users.mjs';

const num = (/** @type {string} */ name, /** @type {number} */ fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const LOGS = num('BENCH_LOGS', 2_000_000);
const TOOLS = 1000;
const DURATION = num('BENCH_STATS_DURATION', 6);
const CONNECTIONS = num('BENCH_STATS_CONNECTIONS', 10);
const TARGET_MS = 200;

/** @param {{ bundles?: { cli: string, api: string } }} [options] the bench's bundles, when run by run.mjs */
export async function runAdminStatsPart({ bundles: given } = {}) {
  if (!given) ensureBuilt(['cli', 'api']);
  const bundles = given ?? snapshotBundles(['cli', 'api']);
  const loadBefore = machine().load;
  log(`admin stats: ${LOGS} logs, ${TOOLS} tools (load average ${loadBefore})`);
  const db = await createScratchDatabase('benchstats', bundles.cli);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const storageDir = scratchDir('bench-stats-storage');
  const { fileSize, imageSize } = writeStorageFiles(storageDir);
  await seedTaxonomy(client);
  await seedTools(client, 1, TOOLS, fileSize, imageSize);
  let t = Date.now();
  await seedDownloadLogs(client, LOGS, TOOLS);
  await client.query(`UPDATE download_log SET email = 'membre' || (id % 5000) || '@bench.example' WHERE id % 10 = 0`);
  await client.query(`UPDATE download_log SET counted = false, excluded_reason = 'bot' WHERE id % 20 = 1`);
  await client.query(`ANALYZE download_log`);
  log(`seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  const admin = await insertUserWithSession(client, { email: `stats-${Date.now()}@bench.example`, isAdmin: true });
  const { rows: [{ tool_id: topTool }] } = await client.query(`SELECT tool_id FROM download_log GROUP BY tool_id ORDER BY count(*) DESC LIMIT 1`);

  // The whole history, with the worker's SQL (through the CLI bundle).
  const from = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  t = Date.now();
  const aggregate = spawnSync(process.execPath, [bundles.cli, 'stats:aggregate', from, to], {
    cwd: ROOT, env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: db.url, LOG_LEVEL: 'warn' }, encoding: 'utf8',
  });
  if (aggregate.status !== 0) throw new Error(`stats:aggregate failed:\n${aggregate.stdout}\n${aggregate.stderr}`);
  const aggregateSeconds = (Date.now() - t) / 1000;
  const { rows: [{ n: dailyRows }] } = await client.query(`SELECT count(*)::int AS n FROM download_daily`);
  log(`aggregation of 400 days: ${aggregateSeconds.toFixed(1)} s, ${dailyRows} daily rows`);

  const [apiPort, workerPort, basePort] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const env = productionEnv({
    databaseUrl: db.url, apiPort, apiUrl, webUrl: 'http://localhost:4299', workerPort, smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', redisPrefix: `bench-stats-${Date.now().toString(36)}`, storageDir,
  });
  const logDir = join(ROOT, 'tmp/bench-logs');
  const api = nodeProcess('api-stats', bundles.api, env, logDir);
  api.start();
  await waitForHttp(`${apiUrl}/health`, api, 60_000, () => true);
  const base = nodeProcess('stats-baseline', 'tools/bench/lib/stats-baseline.mjs', { ...process.env, DATABASE_URL: db.url, PORT: String(basePort) }, logDir);
  base.start();
  await waitForHttp(`http://127.0.0.1:${basePort}/`, base, 30_000, () => true);

  const monthUrl = `${apiUrl}/admin/stats`;
  const baseUrl = `http://127.0.0.1:${basePort}/`;
  const yearUrl = `${apiUrl}/admin/stats?toolId=${topTool}&granularity=week&from=${new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)}`;
  for (const url of [monthUrl, yearUrl]) {
    const res = await fetch(url, { headers: admin.headers });
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}\n${api.tail()}`);
  }
  // A fair baseline answers the very same bytes from the same rows.
  const [apiBody, baseBody] = [await (await fetch(monthUrl, { headers: admin.headers })).text(), await (await fetch(baseUrl)).text()];
  if (apiBody !== baseBody) throw new Error(`the baseline does not answer the API's bytes:\nAPI      ${apiBody.slice(0, 400)}\nbaseline ${baseBody.slice(0, 400)}`);
  const bytes = Buffer.byteLength(apiBody);

  // 1. As admins use the page: the past days are in the API's memory between two runs of the job.
  const settings = { duration: DURATION, slices: 3, connections: CONNECTIONS, warmup: 1 };
  const warm = await interleaved(
    [{ key: 'api-30-days', url: monthUrl }, { key: 'api-tool-year-weeks', url: yearUrl }, { key: 'baseline-30-days', url: baseUrl }],
    { headers: admin.headers }, settings,
  );
  // 2. Near the worst case: the daily figures' generation raised every 20 ms (as the job does when
  //    it writes), so that requests read the past days from the database again, but for those
  //    sharing one read begun under the same generation less than 20 ms before.
  let bumping = true;
  const bumper = (async () => {
    while (bumping) {
      await client.query(`UPDATE daily_stats_generation SET generation = generation + 1`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const { rows: [{ generation: before }] } = await client.query(`SELECT generation FROM daily_stats_generation`);
  const cold = await interleaved(
    [{ key: 'api-30-days-cold', url: monthUrl }, { key: 'baseline-30-days-cold', url: baseUrl }],
    { headers: admin.headers }, settings,
  );
  bumping = false;
  await bumper;
  const { rows: [{ generation: after }] } = await client.query(`SELECT generation FROM daily_stats_generation`);
  await api.stop();
  await base.stop();
  await client.end();

  const results = { ...warm, ...cold };
  const verdict = (/** @type {number | null} */ p99) => (p99 !== null && p99 < TARGET_MS ? 'met' : 'NOT MET');
  const ratio = (/** @type {number | null} */ a, /** @type {number | null} */ b) => (a !== null && b ? `${(a / b).toFixed(2)}×` : '—');
  const row = (/** @type {string} */ label, /** @type {string} */ key, /** @type {string | null} */ baseKey) => {
    const s = results[key];
    const b = baseKey ? results[baseKey] : null;
    return `| ${label} | ${s.rps.toFixed(0)} | ${s.p50} | ${s.p99} | ${b ? `${ratio(s.p50, b.p50)} / ${ratio(s.p99, b.p99)}` : '—'} | ${s.non2xx} | ${baseKey ? verdict(s.p99) : '—'} |`;
  };
  const report = [
    `Measured ${new Date().toISOString().slice(0, 10)} on commit ${gitCommit()}, load average ${loadBefore} before the run; ` +
      `${LOGS.toLocaleString('en')} download logs over 13 months on ${TOOLS} tools (one in ten with an e-mail, one in twenty flagged as a robot), ` +
      `${CONNECTIONS} connections, ${DURATION} s per target in 3 interleaved slices.`,
    '',
    `Aggregation of 400 days (\`stats:aggregate\`, the worker's SQL): **${aggregateSeconds.toFixed(1)} s** for ${dailyRows.toLocaleString('en')} daily rows; ` +
      'the worker rebuilds only the last 3 days every 5 minutes.',
    '',
    `The baseline is a bare \`node:http\` + \`pg\` server answering the same ${bytes.toLocaleString('en')} bytes as the API's last 30 days ` +
      '(checked before the run) from the same rows: the daily rows of the period and the previous one, today\'s rows read live, two statements per request, no memory between requests. ' +
      'The API reads today live and the generation of the daily figures in one statement, and keeps the past days in memory while that generation stays the same (docs/product/rules.md#R685). ' +
      `"Past days read again" raises the generation every 20 ms during its runs (${Number(after) - Number(before)} times): a request finds the past days in memory only when another request read them under the same generation, less than 20 ms before.`,
    '',
    '| GET /admin/stats | req/s | p50 ms | p99 ms | ÷ baseline (p50 / p99) | non-2xx | p99 < 200 ms |',
    '|---|---|---|---|---|---|---|',
    row('API, last 30 days, all tools (past days in memory, today live)', 'api-30-days', 'baseline-30-days'),
    row('API, one tool, 52 weeks (past days in memory, today live)', 'api-tool-year-weeks', 'baseline-30-days'),
    row('Baseline, last 30 days, all tools (same bytes)', 'baseline-30-days', null),
    row('API, last 30 days, all tools, past days read again', 'api-30-days-cold', 'baseline-30-days-cold'),
    row('Baseline, the same, in the same runs', 'baseline-30-days-cold', null),
  ].join('\n');
  console.log(`\n${report}\n`);
  if (process.env.BENCH_WRITE_DOCS !== 'false') {
    writeDocsSection(join(ROOT, 'docs/performance.md'), { name: 'bench-admin-stats', title: 'Performance', command: 'bench', script: 'tools/bench/admin-stats.mjs' }, report);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) finish(runAdminStatsPart());
