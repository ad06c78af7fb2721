#!/usr/bin/env node
// @ts-check
// Bench part "folder ZIP" (docs/product/rules.md#R522): the download folder's ZIP of a 50-tool
// folder of large files, through the production build of the API, against a baseline in the
// same run (a bare node:http server streaming the same stored files one after the other).
//
// Measured: the API's RSS growth while it streams the ZIP (sampled from /proc every 20 ms), the
// throughput in MB/s of both and their ratio, and what a client that disconnects mid-ZIP leaves:
// files the API still holds open in storage and new files in the temporary folders.
//
// Run alone with `node tools/bench/folder-zip.mjs`, or as part of `npm run bench`
// (BENCH_ONLY=zip for this part only). Settings: BENCH_ZIP_TOOLS (50), BENCH_ZIP_FILE_MB (50),
// BENCH_ZIP_RUNS (3, the median run is kept), BENCH_WRITE_DOCS=false to only print.
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuilt, gitCommit, snapshotBundles } from '../lib/builds.mjs';
import { finish } from '../lib/cleanup.mjs';
import { writeDocsSection } from '../lib/docs-section.mjs';
import { log } from '../lib/log.mjs';
import { machine, table } from '../lib/machine.mjs';
import { freePort, sleep } from '../lib/ports.mjs';
import { nodeProcess, ROOT, waitForHttp } from '../lib/processes.mjs';
import { createScratchDatabase, scratchDir } from '../lib/scratch.mjs';
import { productionEnv } from './lib/production-env.mjs';
import { insertUserWithSession } from './lib/users.mjs';

const num = (/** @type {string} */ name, /** @type {number} */ fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const TOOLS = num('BENCH_ZIP_TOOLS', 50);
const FILE_MB = num('BENCH_ZIP_FILE_MB', 50);
const RUNS = num('BENCH_ZIP_RUNS', 3);
const TARGET_RSS_MB = 30;
const WARMUP_MB = 200;
const MB = 1024 * 1024;

const rssMb = (/** @type {number} */ pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};
const openFilesUnder = (/** @type {number} */ pid, /** @type {string} */ dir) => {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(dir)) count += 1;
    } catch {
      // closed meanwhile
    }
  }
  return count;
};
const listing = (/** @type {string} */ dir) => {
  try {
    return new Set(readdirSync(dir, { recursive: true }).map(String));
  } catch {
    return new Set();
  }
};

/**
 * Downloads `url` to nowhere; returns bytes, seconds and the peak RSS of `pid` meanwhile.
 * @param {string} url @param {number} pid @param {{ stopAfterBytes?: number }} [options]
 */
async function download(url, pid, { stopAfterBytes } = {}) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, rssMb(pid)); }, 20);
  const controller = new AbortController();
  const started = process.hrtime.bigint();
  let bytes = 0;
  try {
    const res = await fetch(url, { signal: controller.signal });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (res.body))) {
      bytes += chunk.length;
      if (stopAfterBytes && bytes >= stopAfterBytes) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!stopAfterBytes) throw error;
  } finally {
    clearInterval(sampler);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { bytes, seconds, mbps: bytes / MB / seconds, before, peak, growth: peak - before };
}

/** The pid of a running process. @param {import('../lib/processes.mjs').NodeProcess} handle */
const pidOf = (handle) => {
  const pid = handle.child?.pid;
  if (pid === undefined) throw new Error(`${handle.name} is not running`);
  return pid;
};

/** @template T @param {T[]} runs @param {keyof T} key @returns {T} */
const median = (runs, key) => [...runs].sort((a, b) => Number(a[key]) - Number(b[key]))[Math.floor(runs.length / 2)];

/**
 * The part: sets up its own database, files and processes; returns the report's Markdown.
 * @param {{ bundles?: { cli: string, api: string } }} [options] the bench's bundles, when run by run.mjs
 */
export async function runFolderZipPart({ bundles: given } = {}) {
  if (!given) ensureBuilt(['cli', 'api']);
  const bundles = given ?? snapshotBundles(['cli', 'api']);
  log(`folder ZIP: ${TOOLS} tools of ${FILE_MB} MB (load average ${machine().load})`);
  const db = await createScratchDatabase('benchzip', bundles.cli);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();

  // One large file written once, linked under a key per tool: 50 distinct stored objects
  // without writing gigabytes (the API and the baseline read the same bytes from the same cache).
  const storageDir = scratchDir('bench-zip-storage');
  mkdirSync(join(storageDir, 'tools/files'), { recursive: true });
  const master = join(storageDir, 'master.pdf');
  const fd = openSync(master, 'w');
  const block = randomBytes(MB);
  block.write('%PDF-1.4\n', 0);
  for (let i = 0; i < FILE_MB; i += 1) writeSync(fd, block);
  closeSync(fd);
  const keys = Array.from({ length: TOOLS }, (_, i) => `tools/files/bench-zip-${i}.pdf`);
  for (const key of keys) linkSync(master, join(storageDir, key));

  const { rows: [cat] } = await client.query(`INSERT INTO category (name) VALUES ('Banc d’essai') RETURNING id`);
  const { rows: [type] } = await client.query(`INSERT INTO tool_type (name) VALUES ('Modèle') RETURNING id`);
  const { rows: toolRows } = await client.query(
    `INSERT INTO tool (slug, name, description, type_id, category_id, file_key, file_name, file_mime, file_size)
     SELECT 'outil-zip-' || g, 'Outil volumineux n° ' || g, 'Un gros fichier.', $1, $2, 'tools/files/bench-zip-' || (g - 1) || '.pdf',
            'gros.pdf', 'application/pdf', $3
     FROM generate_series(1, $4) g RETURNING id`,
    [type.id, cat.id, FILE_MB * MB, TOOLS],
  );
  const member = await insertUserWithSession(client, { email: `zip-${Date.now()}@bench.example` });
  const folderOf = async (/** @type {string} */ name, /** @type {Array<{ id: number }>} */ tools) => {
    const { rows: [folder] } = await client.query(`INSERT INTO tool_folder (user_id, name) VALUES ($1, $2) RETURNING id`, [member.id, name]);
    await client.query(
      `INSERT INTO tool_folder_item (folder_id, tool_id, tool_name, position)
       SELECT $1, t.id, t.name, row_number() OVER (ORDER BY t.id) - 1 FROM tool t WHERE t.id = ANY($2::int[])`,
      [folder.id, tools.map((t) => t.id)],
    );
    return folder.id;
  };
  const big = await folderOf('Dossier volumineux', toolRows);
  const small = await folderOf('Échauffement', toolRows.slice(0, 2));

  const [apiPort, workerPort, basePort] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const uploadsTmp = join(tmpdir(), `outils-bench-zip-uploads-${process.pid}`);
  const env = productionEnv({
    databaseUrl: db.url, apiPort, apiUrl, webUrl: 'http://localhost:4299', workerPort, smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', redisPrefix: `bench-zip-${Date.now().toString(36)}`, storageDir,
    extra: { UPLOAD_TMP_DIR: uploadsTmp },
  });
  const logDir = join(ROOT, 'tmp/bench-logs');
  const api = nodeProcess('api-zip', bundles.api, env, logDir);
  api.start();
  await waitForHttp(`${apiUrl}/health`, api, 60_000, () => true);
  const base = nodeProcess('zip-baseline', 'tools/bench/lib/zip-baseline.mjs', { ...process.env, PORT: String(basePort), FILES: JSON.stringify(keys.map((k) => join(storageDir, k))) }, logDir);
  base.start();
  await waitForHttp(`http://127.0.0.1:${basePort}/`, base, 30_000, () => true);

  const zipLink = async (/** @type {string} */ folderId) => {
    const res = await fetch(`${apiUrl}/api/folders/${folderId}/download`, { headers: member.headers });
    if (res.status !== 200) throw new Error(`ZIP link: ${res.status} ${await res.text()}\n${api.tail()}`);
    return (await res.json()).url;
  };

  // Warm-up: the code paths of a ZIP are loaded and JIT-compiled, and the heap has grown to its
  // working size (its first growth is not the ZIP's), before anything is measured.
  await download(await zipLink(small), pidOf(api));
  await download(await zipLink(big), pidOf(api), { stopAfterBytes: WARMUP_MB * MB });
  await download(`http://127.0.0.1:${basePort}/`, pidOf(base), { stopAfterBytes: WARMUP_MB * MB });

  /** @type {Array<Awaited<ReturnType<typeof download>>>} */
  const apiRuns = [];
  /** @type {Array<Awaited<ReturnType<typeof download>>>} */
  const baseRuns = [];
  for (let i = 0; i < RUNS; i += 1) {
    // Interleaved: both see the same background load of the shared machine.
    apiRuns.push(await download(await zipLink(big), pidOf(api)));
    baseRuns.push(await download(`http://127.0.0.1:${basePort}/`, pidOf(base)));
    log(`run ${i + 1}: API ${apiRuns[i].mbps.toFixed(0)} MB/s (+${apiRuns[i].growth.toFixed(1)} MB RSS), baseline ${baseRuns[i].mbps.toFixed(0)} MB/s (+${baseRuns[i].growth.toFixed(1)} MB RSS)`);
  }
  const apiRun = median(apiRuns, 'mbps');
  const baseRun = median(baseRuns, 'mbps');
  const worstGrowth = Math.max(...apiRuns.map((r) => r.growth));

  // A client that goes away after 100 MB: nothing stays open, nothing is left on disk.
  const uploadsBefore = listing(uploadsTmp).size;
  const storageBefore = listing(storageDir).size;
  const cut = await download(await zipLink(big), pidOf(api), { stopAfterBytes: 100 * MB });
  await sleep(1000);
  const openAfterCut = openFilesUnder(pidOf(api), storageDir);
  const newFiles = (listing(uploadsTmp).size - uploadsBefore) + (listing(storageDir).size - storageBefore);
  const { rows: [counted] } = await client.query(`SELECT sum(download_count)::int AS total FROM tool`);

  await api.stop();
  await base.stop();
  await client.end();

  const totalMb = (TOOLS * FILE_MB).toFixed(0);
  const ratio = apiRun.mbps / baseRun.mbps;
  const verdict = (/** @type {boolean} */ ok) => (ok ? 'met' : 'NOT MET');
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${gitCommit()}, ${machine().cores} CPU(s), load average ${machine().load}; ${TOOLS} tools of ${FILE_MB} MB (${totalMb} MB), ${RUNS} interleaved runs, the median shown.`,
    '',
    table(['server', 'bytes sent', 'time', 'throughput', 'RSS before', 'RSS peak', 'RSS growth'], [
      ['API: folder ZIP (production build)', `${(apiRun.bytes / MB).toFixed(0)} MB`, `${apiRun.seconds.toFixed(1)} s`, `${apiRun.mbps.toFixed(0)} MB/s`, `${apiRun.before.toFixed(0)} MB`, `${apiRun.peak.toFixed(0)} MB`, `${apiRun.growth.toFixed(1)} MB`],
      ['baseline: node:http streaming the same files', `${(baseRun.bytes / MB).toFixed(0)} MB`, `${baseRun.seconds.toFixed(1)} s`, `${baseRun.mbps.toFixed(0)} MB/s`, `${baseRun.before.toFixed(0)} MB`, `${baseRun.peak.toFixed(0)} MB`, `${baseRun.growth.toFixed(1)} MB`],
    ]),
    '',
    table(['target', 'measured', 'verdict'], [
      [`RSS growth < ${TARGET_RSS_MB} MB while streaming ${totalMb} MB`, `worst of ${RUNS} runs: ${worstGrowth.toFixed(1)} MB`, verdict(worstGrowth < TARGET_RSS_MB)],
      ['throughput, ratio to the baseline (reported; no target: a ZIP computes a CRC-32 of every byte, the baseline only copies)', `${ratio.toFixed(2)} (${apiRun.mbps.toFixed(0)} ÷ ${baseRun.mbps.toFixed(0)} MB/s)`, '—'],
      ['client gone after 100 MB: no file left open or written', `${openAfterCut} stored file(s) still open, ${newFiles} new file(s) in storage and the upload folder (cut after ${(cut.bytes / MB).toFixed(0)} MB)`, verdict(openAfterCut === 0 && newFiles === 0)],
    ]),
    '',
    `Downloads counted in the scratch database: ${counted.total} (one per tool per ZIP served: ${RUNS} full ZIPs of ${TOOLS} tools, the one cut after 100 MB, the warm-ups: one of 2 tools, one of ${TOOLS} tools cut after ${WARMUP_MB} MB).`,
  ];
  const report = lines.join('\n');
  console.log(`\n${report}\n`);
  if (process.env.BENCH_WRITE_DOCS !== 'false') {
    writeDocsSection(join(ROOT, 'docs/performance.md'), { name: 'bench-folder-zip', title: 'Performance', command: 'bench', script: 'tools/bench/folder-zip.mjs' }, report);
  }
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) finish(runFolderZipPart());
