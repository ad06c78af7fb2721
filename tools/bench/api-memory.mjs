#!/usr/bin/env node
// @ts-check
// The API's memory with a large catalogue (target: RSS ≤ 512 MB at 100 000 tools).
//
// A scratch database seeded like `npm run bench` (lib/seed.mjs), the production API bundle
// started on it, its read model built, then the guests' reads the bench calls warmed (listings,
// filters, searches, suggestions, the tool of the month and BENCH_MEMORY_SHEETS sheets, which
// fill the kept answers to their bound). Then, through the API's inspector (no change to the
// bundle): RSS as the bench reads it, then a full garbage collection and RSS, heapUsed, external
// and array buffers, and V8's heap spaces. The same API on an empty catalogue gives what the
// program itself costs; the difference is what the catalogue costs.
//
// Run alone: `node tools/bench/api-memory.mjs`. Settings: BENCH_MEMORY_TOOLS (100000),
// BENCH_MEMORY_SHEETS (30000), BENCH_API_BEFORE_DIST=<main.js> measures another API build on the
// same database in the same run, BENCH_MEMORY_SNAPSHOT=true adds a heap snapshot summary (self
// size by kind of object; heavy: use a smaller catalogue, e.g. BENCH_MEMORY_TOOLS=10000).
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuilt, snapshotBundles } from '../lib/builds.mjs';
import { finish, onCleanup } from '../lib/cleanup.mjs';
import { log } from '../lib/log.mjs';
import { machine, table } from '../lib/machine.mjs';
import { useProjectNode } from '../lib/node-runtime.mjs';
import { freePort, sleep } from '../lib/ports.mjs';
import { nodeProcess, ROOT, waitForHttp } from '../lib/processes.mjs';
import { apiImageAllocatorEnv, apiImageNodeFlags } from '../lib/image-node-flags.mjs';
import { createScratchDatabase, scratchDir } from '../lib/scratch.mjs';
import { productionEnv } from './lib/production-env.mjs';
import { seedTaxonomy, seedTools, writeStorageFiles } from './lib/seed.mjs';

await useProjectNode();

const num = (/** @type {string} */ name, /** @type {number} */ fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const TOOLS = num('BENCH_MEMORY_TOOLS', 100_000);
const SHEETS = Math.min(num('BENCH_MEMORY_SHEETS', 30_000), TOOLS);
const SNAPSHOT = process.env.BENCH_MEMORY_SNAPSHOT === 'true';
const BEFORE = process.env.BENCH_API_BEFORE_DIST ?? null;
const MB = 1024 * 1024;

const rssMb = (/** @type {number | undefined} */ pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** A Chrome DevTools Protocol session on a process's inspector. @param {number} port */
async function inspector(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let next = 0;
  /** @type {Map<number, (message: any) => void>} */
  const pending = new Map();
  /** @type {((message: any) => void) | null} */
  let onEvent = null;
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id !== undefined) pending.get(message.id)?.(message);
    else onEvent?.(message);
  });
  /** @param {string} method @param {object} [params] @returns {Promise<any>} */
  const send = (method, params = {}) => new Promise((resolve, reject) => {
    const id = ++next;
    pending.set(id, (message) => {
      pending.delete(id);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result);
    });
    socket.send(JSON.stringify({ id, method, params }));
  });
  /** @param {string} expression */
  const evaluate = async (expression) => (await send('Runtime.evaluate', { expression, returnByValue: true })).result.value;
  return {
    send,
    evaluate,
    /** @param {(message: any) => void} fn */
    events(fn) { onEvent = fn; },
    close() { socket.close(); },
  };
}

/**
 * Self size by kind of object in a heap snapshot (strings by representation, objects by
 * constructor): what holds the heap, without the dominator tree.
 * @param {Awaited<ReturnType<typeof inspector>>} session @param {string} file
 */
async function snapshotSummary(session, file) {
  const out = createWriteStream(file);
  session.events((message) => {
    if (message.method === 'HeapProfiler.addHeapSnapshotChunk') out.write(message.params.chunk);
  });
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await new Promise((resolve) => out.end(resolve));
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const { node_fields: fields, node_types: [types] } = snapshot.snapshot.meta;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  /** @type {Map<string, { count: number, bytes: number }>} */
  const by = new Map();
  const nodes = snapshot.nodes;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]];
    const kind = type === 'object' || type === 'closure' || type === 'native' ? `${type} ${snapshot.strings[nodes[i + nameAt]].slice(0, 60)}` : type;
    const entry = by.get(kind) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += nodes[i + sizeAt];
    by.set(kind, entry);
  }
  return [...by].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 20);
}

/** GET `url`, its body read; a connection the API reset under load is tried again (twice). @param {string} url */
async function get(url) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return res.status;
    } catch (error) {
      if (attempt >= 2) throw new Error(`${url}: ${/** @type {Error} */ (error).message} (${/** @type {any} */ (error).cause?.message ?? 'no cause'})`);
      await sleep(200);
    }
  }
}

/** The guests' reads `npm run bench` calls, then `sheets` sheets by slug or id (kept answers). @param {string} url @param {number[]} cats @param {number[]} types */
async function warm(url, cats, types) {
  const paths = [
    '/api/tools', '/api/tools?page=2', `/api/tools?page=${Math.max(1, Math.min(1000, Math.floor((TOOLS / 12) * 0.48)))}`,
    ...cats.map((c) => `/api/tools?categories%5B%5D=${c}`), ...types.map((t) => `/api/tools?types%5B%5D=${t}`),
    ...['Simple', 'Moyen', 'Complexe'].map((d) => `/api/tools?difficulties%5B%5D=${d}`),
    `/api/tools?categories%5B%5D=${cats[0]}&categories%5B%5D=${cats[3]}&types%5B%5D=${types[2]}&difficulties%5B%5D=Simple`,
    ...['facture', 'trésorerie', 'réseaux sociaux', 'modèle RGPD', 'prospection commerciale', 'telecharger', 'cyber', 'sécu', 'compta', 'cybersecurte', 'tresorrie', 'fac']
      .flatMap((q) => [`/api/tools?q=${encodeURIComponent(q)}`, `/api/tools/suggestions?q=${encodeURIComponent(q)}`]),
    `/api/tools?q=facture&categories%5B%5D=${cats[1]}`, '/api/tools?sort=popular', '/api/filters', '/api/tools/featured',
  ];
  for (const path of paths) {
    const status = await get(url + path);
    if (status !== 200) throw new Error(`${path}: ${status}`);
  }
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < SHEETS) {
      const i = next++;
      const id = 1 + Math.floor((i * TOOLS) / SHEETS);
      const status = await get(`${url}/tools/${i % 2 ? id : `outil-${id}`}`);
      if (status !== 200) throw new Error(`sheet ${id}: ${status}`);
    }
  }));
  return paths.length + SHEETS;
}

/** The deepest page answers fast three times in a row: the read model is built. @param {string} url */
async function readModelBuilt(url) {
  const deadline = Date.now() + 180_000;
  for (let fast = 0; fast < 3;) {
    if (Date.now() > deadline) throw new Error('read model not built after 180 s');
    const started = performance.now();
    await get(`${url}/api/tools?page=${Math.max(1, Math.floor(TOOLS / 12 / 6))}&types%5B%5D=1`);
    fast = performance.now() - started < 15 ? fast + 1 : 0;
    await sleep(200);
  }
}

async function main() {
  const loadBefore = machine().load;
  log(`api-memory: ${TOOLS} tools, ${SHEETS} sheets warmed (load average ${loadBefore})`);
  ensureBuilt(['cli', 'api']);
  const bundles = snapshotBundles(['cli', 'api']);
  const storageDir = scratchDir('api-memory-storage');
  const { fileSize, imageSize } = writeStorageFiles(storageDir);
  const seeded = async (/** @type {string} */ prefix, /** @type {number} */ tools) => {
    const db = await createScratchDatabase(prefix, bundles.cli);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    onCleanup(() => client.end().catch(() => undefined));
    await seedTaxonomy(client);
    if (tools > 0) await seedTools(client, 1, tools, fileSize, imageSize);
    await client.query('VACUUM ANALYZE');
    const { rows: [row] } = await client.query(`SELECT (SELECT array_agg(id ORDER BY id) FROM category) AS cats, (SELECT array_agg(id ORDER BY id) FROM tool_type) AS types,
      (SELECT round(avg(length(description))) FROM tool)::int AS description, (SELECT round(avg(length(name))) FROM tool)::int AS name`);
    return { db, ...row };
  };
  const full = await seeded('api_memory', TOOLS);
  log(`seeded ${TOOLS} tools; mean description ${full.description} characters, mean name ${full.name}`);
  const empty = await seeded('api_memory_empty', 0);
  const logDir = join(ROOT, 'tmp/bench-logs');

  /** @param {string} name @param {string} bundle @param {{ db: { url: string }, cats: number[], types: number[] }} catalogue @param {number} tools */
  const measure = async (name, bundle, catalogue, tools) => {
    const [apiPort, workerPort, inspectPort] = [await freePort(), await freePort(), await freePort()];
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const env = productionEnv({
      databaseUrl: catalogue.db.url, apiPort, apiUrl, webUrl: 'http://127.0.0.1:9', workerPort, smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', redisPrefix: `api-memory-${Date.now().toString(36)}`, storageDir,
    });
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${inspectPort}`.trim();
    // As the API image runs it (docs/product/rules.md#R896).
    const proc = nodeProcess(name, bundle, { ...env, ...apiImageAllocatorEnv() }, logDir, apiImageNodeFlags());
    proc.start();
    await waitForHttp(`${apiUrl}/health`, proc, 120_000, () => true);
    if (tools > 0) await readModelBuilt(apiUrl);
    const reads = tools > 0 ? await warm(apiUrl, catalogue.cats, catalogue.types) : 0;
    const pid = proc.child?.pid;
    const rssAfterReads = rssMb(pid);
    const session = await inspector(inspectPort);
    // What V8 holds before the collection: the garbage it has let accumulate is heap total minus
    // heap used after the collection; the rest of RSS is native memory (docs/performance.md).
    const before = await session.evaluate('JSON.parse(JSON.stringify(process.memoryUsage()))');
    const spacesBefore = await session.evaluate(`process.getBuiltinModule('v8').getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size, s.space_size])`);
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.collectGarbage');
    await sleep(1_000);
    const usage = await session.evaluate('JSON.parse(JSON.stringify(process.memoryUsage()))');
    const spaces = await session.evaluate(`process.getBuiltinModule('v8').getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size, s.space_size])`);
    const figures = {
      name, tools, reads, rssAfterReads, rssAfterGc: rssMb(pid), heapTotalBefore: before.heapTotal / MB, externalBefore: before.external / MB,
      spacesBefore: /** @type {Array<[string, number, number]>} */ (spacesBefore),
      heapUsed: usage.heapUsed / MB, heapTotal: usage.heapTotal / MB, external: usage.external / MB, arrayBuffers: usage.arrayBuffers / MB,
      spaces: /** @type {Array<[string, number, number]>} */ (spaces),
      summary: SNAPSHOT && tools > 0 ? await snapshotSummary(session, join(scratchDir('api-memory-snapshot'), `${name}.heapsnapshot`)) : null,
    };
    session.close();
    await proc.stop();
    log(`${name}, ${tools} tools: RSS ${figures.rssAfterReads.toFixed(0)} MB after ${reads} reads, ${figures.rssAfterGc.toFixed(0)} MB after a full GC; heap used ${figures.heapUsed.toFixed(1)} MB, external ${figures.external.toFixed(1)} MB`);
    return figures;
  };

  const runs = [];
  for (const [name, bundle] of /** @type {Array<[string, string]>} */ ([['api', bundles.api], ...(BEFORE ? [['api before', BEFORE]] : [])])) {
    runs.push(await measure(name, bundle, empty, 0));
    runs.push(await measure(name, bundle, full, TOOLS));
  }
  const loadAfter = machine().load;
  const f = (/** @type {number} */ n) => n.toFixed(1);
  console.log(`\nAPI memory (load average ${loadBefore} → ${loadAfter}; mean seeded description ${full.description} characters)\n`);
  console.log(table(['API', 'tools', 'RSS after the reads (MB)', 'heap total then (MB)', 'external then (MB)', 'RSS after a full GC (MB)', 'heap used (MB)', 'heap total (MB)', 'external (MB)', 'array buffers (MB)'],
    runs.map((r) => [r.name, r.tools, f(r.rssAfterReads), f(r.heapTotalBefore), f(r.externalBefore), f(r.rssAfterGc), f(r.heapUsed), f(r.heapTotal), f(r.external), f(r.arrayBuffers)])));
  for (const r of runs.filter((r) => r.tools > 0)) {
    console.log(`\n${r.name}, V8 heap spaces after the reads (used / size MB): ${r.spacesBefore.filter(([, , size]) => size > 0).map(([n, used, size]) => `${n} ${f(used / MB)}/${f(size / MB)}`).join(', ')}`);
    console.log(`\n${r.name}, V8 heap spaces after a full GC (used / size MB): ${r.spaces.map(([n, used, size]) => `${n} ${f(used / MB)}/${f(size / MB)}`).join(', ')}`);
    if (r.summary) console.log(`\n${r.name}, heap snapshot, self size by kind:\n${table(['kind', 'count', 'MB'], r.summary.map(([k, v]) => [k, v.count, f(v.bytes / MB)]))}`);
  }
}

finish(main());
