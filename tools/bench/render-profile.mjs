#!/usr/bin/env node
// @ts-check
// Profile of the web server's renders of new addresses (docs/product/rules.md#R830, #R840): the
// built renderer (dist/apps/web/server/entry-server.mjs) loaded in this process, against the
// production API bundle on a scratch catalogue of BENCH_WEB_TOOLS (1 000) tools, renders
// BENCH_RENDERS (300) new addresses one after the other under `node:inspector`'s CPU profiler:
// the library with a page of its own (`/toolspage?page=2…81&n=…`), then a sheet. Prints the time
// a render takes and where the CPU of this process went (self time by package), and writes the
// .cpuprofile under tmp/bench-logs/ (open it in Chromium's DevTools). The API runs in its own
// process: its share is the time a render waits. BENCH_WEB_DIST=<dir> profiles another web build's
// renderer; BENCH_WEB_BEFORE_DIST=<dir> times that build's renders against this one's, interleaved in
// the same minutes, before the profile. Run alone: `node tools/bench/render-profile.mjs`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { SourceMap } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { ensureBuilt, snapshotBundles } from '../lib/builds.mjs';
import { finish, onCleanup } from '../lib/cleanup.mjs';
import { log } from '../lib/log.mjs';
import { machine } from '../lib/machine.mjs';
import { freePort } from '../lib/ports.mjs';
import { nodeProcess, ROOT, waitForHttp } from '../lib/processes.mjs';
import { deleteRedisKeys } from '../lib/redis.mjs';
import { createScratchDatabase, scratchDir } from '../lib/scratch.mjs';
import { productionEnv } from './lib/production-env.mjs';
import { seedTaxonomy, seedTools, writeStorageFiles } from './lib/seed.mjs';

const num = (/** @type {string} */ name, /** @type {number} */ fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const TOOLS = num('BENCH_WEB_TOOLS', 1000);
const RENDERS = num('BENCH_RENDERS', 300);
/** Another web build's renderer to profile (e.g. one of the main branch), else this build's. */
const WEB_DIST = process.env.BENCH_WEB_DIST ? resolve(process.env.BENCH_WEB_DIST) : null;
/** A build to time against in the same minutes (BENCH_WEB_BEFORE_DIST, as web-delivery.mjs), renders interleaved. */
const BEFORE_DIST = process.env.BENCH_WEB_BEFORE_DIST ? resolve(process.env.BENCH_WEB_BEFORE_DIST) : null;

/** @type {Map<string, SourceMap | null>} */
const sourceMaps = new Map();
/** The original file of a bundle's position, through the bundle's source map (`file.map` next to it). */
function originalUrl(/** @type {string} */ url, /** @type {number} */ line, /** @type {number} */ column) {
  if (!url.startsWith('file://')) return url;
  if (!sourceMaps.has(url)) {
    const map = `${fileURLToPath(url)}.map`;
    sourceMaps.set(url, existsSync(map) ? new SourceMap(JSON.parse(readFileSync(map, 'utf8'))) : null);
  }
  const entry = /** @type {{ originalSource?: string } | undefined} */ (sourceMaps.get(url)?.findEntry(line, column));
  return entry?.originalSource ?? url;
}

/**
 * Self time by package (or file outside node_modules) of a CPU profile, idle left out; a bundle's
 * functions are put back in their package through its source map.
 * @param {{ nodes: Array<{ id: number, callFrame: { url: string, functionName: string, lineNumber: number, columnNumber: number } }>, samples: number[], timeDeltas: number[] }} profile
 */
export function selfTimeByPackage(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, { ...n, callFrame: { ...n.callFrame, url: originalUrl(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber) } }]));
  /** @type {Map<string, number>} */
  const groups = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const { url, functionName } = /** @type {{ callFrame: { url: string, functionName: string } }} */ (byId.get(id)).callFrame;
    if (functionName === '(idle)') return;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const group = functionName === '(garbage collector)' ? 'garbage collector' : functionName === '(program)' ? '(program)' : !url ? `native ${functionName || '(anonymous)'}`
      : pkg ?? (url.startsWith('node:') ? `node:${url.slice(5).split('/')[0]}` : url.replace(/^.*\/(src|dist)\//, '$1/'));
    const t = profile.timeDeltas[i] ?? 0;
    groups.set(group, (groups.get(group) ?? 0) + t);
    busy += t;
  });
  return { busyMs: busy / 1000, shares: [...groups].sort((a, b) => b[1] - a[1]).map(([group, t]) => ({ group, percent: (100 * t) / busy })) };
}

async function main() {
  // As the web server runs in production (React's and Redux Toolkit's development checks off).
  process.env.NODE_ENV = 'production';
  ensureBuilt(['cli', 'api', 'web']);
  const bundles = snapshotBundles(['cli', 'api', 'web']);
  log(`render profile: ${TOOLS} tools, ${RENDERS} renders (load average ${machine().load})`);
  const db = await createScratchDatabase('benchrender', bundles.cli);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  onCleanup(() => client.end().catch(() => undefined));
  const storageDir = scratchDir('bench-render-storage');
  const { fileSize } = writeStorageFiles(storageDir);
  await seedTaxonomy(client);
  await seedTools(client, 1, TOOLS, fileSize, fileSize);
  const { rows: [sheet] } = await client.query('SELECT slug FROM tool ORDER BY id LIMIT 1');
  const [apiPort, workerPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `benchrender-${Date.now().toString(36)}`;
  onCleanup(() => deleteRedisKeys(redisUrl, redisPrefix));
  const env = productionEnv({ databaseUrl: db.url, apiPort, apiUrl, webUrl: 'http://localhost:1', workerPort, smtpUrl: `smtp://127.0.0.1:${await freePort()}`, redisUrl, redisPrefix, storageDir });
  const api = nodeProcess('api-render', bundles.api, env, join(ROOT, 'tmp/bench-logs'));
  api.start();
  await waitForHttp(`${apiUrl}/health`, api, 60_000, () => true);

  /** @param {string} dir */
  const loadRenderer = async (dir) => {
    const module = await import(pathToFileURL(join(dir, 'server', 'entry-server.mjs')).href);
    module.configureServerRendering({ apiUrl, serverApiUrl: apiUrl, analyticsScriptUrl: null, productionHost: null });
    return module;
  };
  const renderer = await loadRenderer(WEB_DIST ?? join(bundles.web, '..'));
  // Each build's bundle carries its own copies of React, Redux and Immer: one does not change the other.
  const before = BEFORE_DIST ? await loadRenderer(BEFORE_DIST) : null;
  const window = { version: 'profil', until: Date.now() + 3_600_000 };
  const kinds = [
    { name: 'library, a page of its own', url: (/** @type {number} */ n) => `/toolspage?page=${2 + (n % 80)}&n=${n}` },
    { name: 'sheet', url: (/** @type {number} */ n) => `/toolspage/${sheet.slug}?n=${n}` },
  ];
  for (const r of [renderer, before]) for (const kind of kinds) for (let n = 0; n < 20; n += 1) if (r && !(await r.renderPage(kind.url(n), window))) throw new Error(`${kind.url(n)}: not rendered`);
  const lines = [];
  let n = 2000;
  if (before) {
    // Before and after in the same minutes: 10 slices each, alternating who goes first.
    for (const kind of kinds) {
      const builds = [{ name: 'before', r: before, ms: 0 }, { name: 'after', r: renderer, ms: 0 }];
      for (let slice = 0; slice < 10; slice += 1) {
        for (const build of slice % 2 ? [...builds].reverse() : builds) {
          const start = performance.now();
          for (let i = 0; i < RENDERS / 10; i += 1) await build.r.renderPage(kind.url((n += 1)), window);
          build.ms += performance.now() - start;
        }
      }
      const ms = { before: builds[0].ms, after: builds[1].ms };
      lines.push(`${kind.name}, one after the other, interleaved: before ${(ms.before / RENDERS).toFixed(1)} ms a render, this build ${(ms.after / RENDERS).toFixed(1)} ms (× ${(ms.before / ms.after).toFixed(2)} renders per second)`);
    }
  }
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  for (const kind of kinds) {
    await session.post('Profiler.start');
    const start = performance.now();
    for (let i = 0; i < RENDERS; i += 1) await renderer.renderPage(kind.url((n += 1)), window);
    const ms = (performance.now() - start) / RENDERS;
    const { profile } = await session.post('Profiler.stop');
    const file = join(ROOT, 'tmp/bench-logs', `render-${kind.name.split(',')[0]}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const { busyMs, shares } = selfTimeByPackage(/** @type {any} */ (profile));
    lines.push(`${kind.name}: ${ms.toFixed(1)} ms a render one after the other (profiled), of which this process busy ${(busyMs / RENDERS).toFixed(1)} ms (the rest: waiting for the API); ${file.replace(`${ROOT}/`, '')}`);
    for (const share of shares.slice(0, 14)) lines.push(`  ${share.percent.toFixed(1).padStart(5)} %  ${share.group}`);
  }
  session.disconnect();
  await api.stop();
  console.log(`\n${lines.join('\n')}\nload average at the end: ${machine().load}`);
}

if (import.meta.url === `file://${process.argv[1]}`) finish(main());
