#!/usr/bin/env node
// @ts-check
/* global window, document, requestAnimationFrame -- functions run inside the page by Playwright */
// Bench part "web delivery" (docs/product/rules.md#R400–R421, #R700–R713): how the pages arrive.
// For the current web build and, when BENCH_WEB_BEFORE_DIST names another build (e.g. one of the
// main branch), that build too, in the same run against the same API and catalogue:
// - initial JS (what index.html's start script asks for before any page's code, gzip level 6);
// - the web server's rate on /toolspage and a sheet at 4 connections (renders of the first screen,
//   R830; a build without the renderer sends the plain page);
// - cumulative layout shift and largest contentful paint measured in Chromium by performance
//   observers, on a phone (412×823, CPU slowed 4×, 150 ms round trips at 1.6 Mbit/s) and a desktop
//   (1350×940, 40 ms at 10 Mbit/s), for /, /toolspage
//   and a sheet, BENCH_VITALS_RUNS (3) fresh browsers each, the median kept;
// - a fetch of a sheet without JavaScript: its content, Open Graph tags and JSON-LD, and the sitemap;
// - Lighthouse (BENCH_LIGHTHOUSE=false to skip), mobile and desktop, BENCH_LIGHTHOUSE_RUNS (3) runs per
//   page, the median performance run kept, with its CLS and LCP.
// BENCH_WEB_PROFILE=true measures nothing of the above: it profiles each build's take-over of each page
// on the phone (docs/product/rules.md#R860, lib/web.mjs `takeOverProfile`) and prints where the main thread went.
// Its own section of docs/performance.md. Run alone: `node tools/bench/web-delivery.mjs`, or in
// `npm run bench` (BENCH_ONLY=web-delivery for this part only).
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { ensureBuilt, gitCommit, snapshotBundles } from '../lib/builds.mjs';
import { finish, onCleanup } from '../lib/cleanup.mjs';
import { writeDocsSection } from '../lib/docs-section.mjs';
import { log } from '../lib/log.mjs';
import { machine } from '../lib/machine.mjs';
import { freePort } from '../lib/ports.mjs';
import { nodeProcess, ROOT, waitForHttp } from '../lib/processes.mjs';
import { deleteRedisKeys } from '../lib/redis.mjs';
import { createScratchDatabase, scratchDir } from '../lib/scratch.mjs';
import { load } from './lib/load.mjs';
import { productionEnv } from './lib/production-env.mjs';
import { IMAGE_KEY, seedTaxonomy, seedTools, writeStorageFiles } from './lib/seed.mjs';
import { CHROME_PATH, initialJs, lighthouseScores, takeOverProfile } from './lib/web.mjs';
import { BENCH_WEB_NODE_ARGS, BENCH_WEB_SERVER_ENV, renderServingRatios, servingRatios } from './web-serving.mjs';

const num = (/** @type {string} */ name, /** @type {number} */ fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const TOOLS = num('BENCH_WEB_TOOLS', 1000);
const VITALS_RUNS = num('BENCH_VITALS_RUNS', 3);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== 'false';
const LIGHTHOUSE_RUNS = num('BENCH_LIGHTHOUSE_RUNS', 3);
const BEFORE_DIST = process.env.BENCH_WEB_BEFORE_DIST ? resolve(process.env.BENCH_WEB_BEFORE_DIST) : null;
const SERVING_CONNECTIONS = 4;
const SERVING_SECONDS = num('BENCH_WEB_SERVING_SECONDS', 5);
/** Only profile each build's take-over of each page on a phone (BENCH_WEB_PROFILE=true), then stop. */
const PROFILE = process.env.BENCH_WEB_PROFILE === 'true';

const FORM_FACTORS = {
  // Lighthouse's own profiles: a mid-range phone on slow 4G, a desktop on cable.
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, cpu: 4, latency: 150, kbps: 1600 },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false, cpu: 1, latency: 40, kbps: 10240 },
};

/** Runs in the page before any script: records layout shifts (not after input) and LCP candidates. */
function observeVitals() {
  const w = /** @type {any} */ (window);
  w.__vitals = { cls: 0, lcp: 0, shifts: [], blocking: 0 };
  // Main-thread time beyond 50 ms per task, as total blocking time counts it.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__vitals.blocking += Math.max(0, entry.duration - 50);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {any[]} */ (list.getEntries())) {
      if (entry.hadRecentInput) continue;
      w.__vitals.cls += entry.value;
      w.__vitals.shifts.push({ value: Math.round(entry.value * 1000) / 1000, nodes: (entry.sources ?? []).map((/** @type {any} */ s) => s.node?.nodeName + (s.node?.className ? `.${String(s.node.className).split(' ')[0]}` : '')).slice(0, 3) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    w.__vitals.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * @typedef {{ name: string, dir: string, url: string, activate: () => Promise<void> }} Build
 * @typedef {{ name: string, path: string }} Page
 * @typedef {{ cls: number, lcp: number, shifts: Array<{ value: number, nodes: string[] }>, blocking: number, hydration: number | null, apiCalls: number }} Vitals
 * @typedef {'mobile' | 'desktop'} FormFactor
 */

/**
 * CLS and LCP of one page load in a fresh browser context.
 * @param {import('playwright-core').Browser} browser @param {string} url @param {FormFactor} formFactor @returns {Promise<Vitals>}
 */
async function vitalsOnce(browser, url, formFactor) {
  const f = FORM_FACTORS[formFactor];
  const context = await browser.newContext({ viewport: f.viewport, deviceScaleFactor: f.deviceScaleFactor, isMobile: f.isMobile, hasTouch: f.hasTouch, locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: f.cpu });
    // Every request waits a round trip and shares the bandwidth, so data arrives after the first paint as on a real network.
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: f.latency, downloadThroughput: (f.kbps * 1024) / 8, uploadThroughput: (f.kbps * 1024) / 8 });
    await page.addInitScript(observeVitals);
    // What the page asks of the API while it loads: a page taken over asks nothing it already shows.
    let apiCalls = 0;
    page.on('request', (request) => {
      if (/\/(api|tools)\//.test(new URL(request.url()).pathname) && !/\/tools\/images\//.test(request.url())) apiCalls += 1;
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    // Late shifts (images, fonts) are counted until the page is idle twice over.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // The take-over is a transition on a slowed CPU: it may end after the network is idle.
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-started'), null, { timeout: 30_000 }).catch(() => undefined);
    const vitals = await page.evaluate(() => {
      // The take-over of a rendered page: from hydrateRoot to the app's first effect (src/main.tsx, app/provider.tsx).
      const [from] = performance.getEntriesByName('outils:prise-en-main');
      const [to] = performance.getEntriesByName('outils:app-demarree');
      return { .../** @type {any} */ (window).__vitals, hydration: from && to ? to.startTime - from.startTime : null };
    });
    return { ...vitals, apiCalls };
  } finally {
    await context.close();
  }
}

const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** @param {Page[]} pages @param {Build[]} builds */
async function vitals(pages, builds) {
  const { chromium } = await import('playwright-core');
  const rows = [];
  for (const formFactor of /** @type {const} */ (['mobile', 'desktop'])) {
    for (const page of pages) {
      for (const build of builds) {
        await build.activate();
        /** @type {Vitals[]} */
        const runs = [];
        for (let i = 0; i < VITALS_RUNS; i += 1) {
          const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
          try {
            runs.push(await vitalsOnce(browser, `${build.url}${page.path}`, formFactor));
          } finally {
            await browser.close();
          }
        }
        const row = {
          build: build.name, page: page.name, formFactor,
          cls: Math.round(median(runs.map((r) => r.cls)) * 1000) / 1000, lcp: Math.round(median(runs.map((r) => r.lcp))),
          clsRuns: runs.map((r) => Math.round(r.cls * 1000) / 1000),
          hydration: Math.round(median(runs.map((r) => r.hydration ?? Number.NaN))), blocking: Math.round(median(runs.map((r) => r.blocking))),
          apiCalls: median(runs.map((r) => r.apiCalls)),
          shifts: runs.flatMap((r) => r.shifts).sort((a, b) => b.value - a.value).slice(0, 2),
        };
        log(`vitals ${build.name} ${formFactor} ${page.name}: CLS ${row.cls} (${row.clsRuns.join(', ')}), LCP ${row.lcp} ms, take-over ${row.hydration} ms, blocking ${row.blocking} ms, API calls ${row.apiCalls}`);
        rows.push(row);
      }
    }
  }
  return rows;
}

/**
 * Where a phone's main thread goes while each build loads and takes over each page (CPU slowed 4×):
 * self time by package or source file, printed (`BENCH_WEB_PROFILE=true`).
 * @param {Page[]} pages @param {Build[]} builds
 */
async function profileTakeOvers(pages, builds) {
  const { chromium } = await import('playwright-core');
  for (const page of pages) {
    for (const build of builds) {
      await build.activate();
      const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
      try {
        const { busyMs, shares, functions, apiReads } = await takeOverProfile(browser, `${build.url}${page.path}`, build.dir, FORM_FACTORS.mobile);
        console.log(`\n${build.name} ${page.name}: main thread busy ${Math.round(busyMs)} ms (phone, CPU 4×); API reads: ${apiReads.join(', ') || 'none'}`);
        for (const share of shares.slice(0, 22)) console.log(`  ${share.percent.toFixed(1).padStart(5)} %  ${Math.round((share.percent * busyMs) / 100).toString().padStart(5)} ms  ${share.group}`);
        console.log('  functions with the most self time:');
        for (const fn of functions) console.log(`  ${Math.round(fn.ms).toString().padStart(5)} ms  ${fn.name}`);
      } finally {
        await browser.close();
      }
    }
  }
}

/**
 * What the web server costs per page (docs/product/rules.md#R830): requests per second and
 * latency at 4 connections (the renders it runs at once), gzip asked, each build in turn; a build
 * without the renderer sends the plain page, the baseline of the same server. One address is
 * asked again and again, so the second a render is kept counts here: « every request renders »
 * is the same page with a query string of its own each time.
 * @param {Page[]} pages @param {Build[]} builds
 */
async function servingRates(pages, builds) {
  const rows = [];
  for (const page of pages.filter((p) => p.name !== '/')) {
    for (const build of builds) {
      await build.activate();
      const html = await (await fetch(`${build.url}${page.path}`)).text();
      const rendered = html.includes('data-server-rendered');
      let n = 0;
      const variants = [
        { how: 'one address', requests: undefined },
        // A query string the page ignores, new for each request: no render is kept for it.
        ...(rendered ? [{ how: 'every request renders', requests: [{ setupRequest: (/** @type {{ path: string }} */ request) => ({ ...request, path: `${page.path}${page.path.includes('?') ? '&' : '?'}bench=${(n += 1)}` }) }] }] : []),
      ];
      for (const { how, requests } of variants) {
        const summary = await load({ url: `${build.url}${page.path}`, connections: SERVING_CONNECTIONS, duration: SERVING_SECONDS, headers: { 'accept-encoding': 'gzip' }, requests });
        const row = { build: build.name, page: page.name, how, rps: Math.round(summary.rps), p50: summary.p50, p99: summary.p99, non2xx: summary.non2xx, rendered };
        log(`serving ${build.name} ${page.name} (${how}): ${row.rps} req/s, p99 ${row.p99} ms${rendered ? ', rendered' : ''}`);
        rows.push(row);
      }
    }
  }
  return rows;
}

/**
 * What a client without JavaScript reads of a sheet, and whether the sitemap lists every tool.
 * @param {string} webUrl @param {string} slug @param {number} toolCount
 */
async function noJsChecks(webUrl, slug, toolCount) {
  const html = await (await fetch(`${webUrl}/toolspage/${slug}`)).text();
  const ld = /<script data-static-meta type="application\/ld\+json">([^<]+)<\/script>/.exec(html);
  let jsonLd = null;
  try {
    jsonLd = ld ? JSON.parse(ld[1]) : null;
  } catch {
    jsonLd = null;
  }
  const sitemap = await (await fetch(`${webUrl}/sitemap.xml`)).text();
  const root = /<div id="root"([^>]*)>([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html);
  return {
    // docs/product/rules.md#R830: the page itself, rendered by the web server.
    content: !!root && root[1].includes('data-server-rendered') && /<h1>[^<]+<\/h1>/.test(root[2]),
    ogTitle: /property="og:title" content="[^"]+"/.test(html),
    ogImage: /property="og:image" content="https?:\/\/[^"]+"/.test(html),
    canonical: html.includes(`rel="canonical" href="`) && html.includes(`/toolspage/${slug}"`),
    jsonLd: jsonLd?.['@type'] ?? null,
    sitemapTools: (sitemap.match(/\/toolspage\/[^<]+<\/loc><lastmod>/g) ?? []).length,
    toolCount,
  };
}

/** @param {{ bundles?: { cli: string, api: string, web: string, 'web-server': string } }} [options] the bench's bundles, when run by run.mjs */
export async function runWebDeliveryPart({ bundles: given } = {}) {
  const startedAt = new Date();
  if (!given) ensureBuilt(['cli', 'api', 'web', 'web-server']);
  const bundles = given ?? snapshotBundles(['cli', 'api', 'web', 'web-server']);
  if (BEFORE_DIST && !existsSync(join(BEFORE_DIST, 'index.html'))) throw new Error(`BENCH_WEB_BEFORE_DIST=${BEFORE_DIST} has no index.html`);
  log(`web delivery: ${TOOLS} tools (load average ${machine().load})`);
  const db = await createScratchDatabase('benchweb', bundles.cli);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  onCleanup(() => client.end().catch(() => undefined));
  const storageDir = scratchDir('bench-web-storage');
  const { fileSize } = writeStorageFiles(storageDir);
  // The tools' image: a 960×540 picture (the demo catalogue's size; 400 KB of PNG), not the 1×1 of
  // the API part, so that its copies (docs/product/rules.md#R700) weigh what a real page loads.
  const { default: sharp } = await import('sharp');
  const picture = await sharp({ create: { width: 960, height: 540, channels: 3, background: '#c9d6f5', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).blur(6).png().toBuffer();
  writeFileSync(join(storageDir, IMAGE_KEY), picture);
  const imageSize = picture.length;
  await seedTaxonomy(client);
  await seedTools(client, 1, TOOLS, fileSize, imageSize);
  const { rows: [sheet] } = await client.query(`SELECT t.slug FROM tool t WHERE EXISTS (SELECT 1 FROM tool_image i WHERE i.tool_id = t.id) ORDER BY t.id LIMIT 1`);

  const webPort = await freePort();
  const webUrl = `http://localhost:${webPort}`;
  const [apiPort, workerPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `benchweb-${Date.now().toString(36)}`;
  onCleanup(() => deleteRedisKeys(redisUrl, redisPrefix));
  const env = productionEnv({ databaseUrl: db.url, apiPort, apiUrl, webUrl, workerPort, smtpUrl: `smtp://127.0.0.1:${await freePort()}`, redisUrl, redisPrefix, storageDir });
  const api = nodeProcess('api-web', bundles.api, env, join(ROOT, 'tmp/bench-logs'));
  api.start();
  await waitForHttp(`${apiUrl}/health`, api, 60_000, () => true);

  // Both builds are served at the same address, one at a time (`activate`): the API's CORS
  // allows the site's one origin, so a build served elsewhere would see its API calls refused
  // and measure pages that never get their data. Each by the web server as `npm start` and the
  // web image run it (apps/web-server).
  /** @type {Build[]} */
  const builds = [{ name: 'this build', dir: dirname(bundles.web), url: webUrl, activate: async () => undefined }];
  if (BEFORE_DIST) builds.unshift({ name: 'before', dir: BEFORE_DIST, url: webUrl, activate: async () => undefined });
  const servers = new Map(builds.map((build, i) => [build.name, nodeProcess(`web-server-${i}`, bundles['web-server'], {
    ...process.env, NODE_ENV: 'production', WEB_DIST_DIR: build.dir, WEB_PORT: String(webPort), WEB_HOST: '127.0.0.1', API_URL: apiUrl, ...BENCH_WEB_SERVER_ENV,
  }, join(ROOT, 'tmp/bench-logs'), BENCH_WEB_NODE_ARGS)]));
  /** @type {string | null} */
  let active = null;
  for (const build of builds) {
    build.activate = async () => {
      if (active === build.name) return;
      if (active) await servers.get(active)?.stop();
      const server = /** @type {import('../lib/processes.mjs').NodeProcess} */ (servers.get(build.name));
      server.start();
      await waitForHttp(`${webUrl}/config.js`, server);
      active = build.name;
    };
  }
  await builds[builds.length - 1].activate();
  const pages = [{ name: '/', path: '/' }, { name: '/toolspage', path: '/toolspage' }, { name: 'sheet', path: `/toolspage/${sheet.slug}` }];
  if (PROFILE) {
    await profileTakeOvers(pages, builds);
    await api.stop();
    return;
  }
  const js = builds.map((b) => ({ build: b.name, ...initialJs(b.dir) }));
  for (const j of js) log(`initial JS ${j.build}: ${j.gzipKb} KB gzip`);
  const noJs = await noJsChecks(webUrl, sheet.slug, TOOLS);
  log(`no-JS sheet: ${JSON.stringify(noJs)}`);
  const serving = await servingRates(pages, builds);
  await builds[builds.length - 1].activate();
  const ratios = await servingRatios(webUrl);
  const vitalRows = await vitals(pages, builds);
  /** @type {Array<import('./lib/web.mjs').LighthouseRow & { build: string }>} */
  const lighthouse = [];
  if (LIGHTHOUSE) {
    for (const build of builds) {
      await build.activate();
      const scores = await lighthouseScores(pages.map((p) => ({ name: p.name, url: `${build.url}${p.path}` })), LIGHTHOUSE_RUNS);
      lighthouse.push(...scores.map((s) => ({ ...s, build: build.name })));
    }
  }
  await api.stop();

  const report = renderWebDelivery({ startedAt, commit: gitCommit(), js, noJs, serving, ratios, vitalRows, lighthouse, builds, before: BEFORE_DIST });
  console.log(`\n${report}\n`);
  if (process.env.BENCH_WRITE_DOCS !== 'false') {
    writeDocsSection(join(ROOT, 'docs/performance.md'), { name: 'bench-web-delivery', title: 'Performance', command: 'bench', script: 'tools/bench/web-delivery.mjs' }, report);
    log('written to docs/performance.md (web delivery)');
  }
}

/**
 * @param {{ startedAt: Date, commit: string, js: Array<{ build: string, gzipKb: number, rawKb: number }>, noJs: Awaited<ReturnType<typeof noJsChecks>>,
 *   serving: Awaited<ReturnType<typeof servingRates>>, ratios: Awaited<ReturnType<typeof servingRatios>>, vitalRows: Awaited<ReturnType<typeof vitals>>,
 *   lighthouse: Array<import('./lib/web.mjs').LighthouseRow & { build: string }>, builds: Build[], before: string | null }} run
 */
function renderWebDelivery({ startedAt, commit, js, noJs, serving, ratios, vitalRows, lighthouse, builds, before }) {
  const lines = [];
  lines.push(`Run of ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}; ${TOOLS} tools; load average at the end ${machine().load}.`);
  lines.push(before ? `Builds compared in the same run, against the same API: « before » = ${before.replace(ROOT, '.')}, « this build » = the working tree's.` : 'One build measured (set BENCH_WEB_BEFORE_DIST to compare with another).');
  lines.push('', '| build | initial JS gzip | raw |', '|---|---|---|');
  for (const j of js) lines.push(`| ${j.build} | ${j.gzipKb} KB | ${j.rawKb} KB |`);
  lines.push('', `Vitals: Chromium performance observers, ${VITALS_RUNS} fresh browsers per cell, median; phone = 412×823, CPU slowed 4×, 150 ms round trips at 1.6 Mbit/s; desktop = 1350×940, 40 ms at 10 Mbit/s (Chromium's network emulation).`, '');
  lines.push('| page | form factor | ' + builds.map((b) => `CLS ${b.name}`).join(' | ') + ' | ' + builds.map((b) => `LCP ${b.name}`).join(' | ') + ' | largest shifts (' + builds[builds.length - 1].name + ') |');
  lines.push('|---|---|' + builds.map(() => '---|').join('') + builds.map(() => '---|').join('') + '---|');
  for (const formFactor of /** @type {const} */ (['mobile', 'desktop'])) {
    for (const page of [...new Set(vitalRows.map((r) => r.page))]) {
      const of = (/** @type {Build} */ b) => vitalRows.find((r) => r.build === b.name && r.page === page && r.formFactor === formFactor);
      const last = of(builds[builds.length - 1]);
      lines.push(`| ${page} | ${formFactor} | ${builds.map((b) => `${of(b)?.cls} (${of(b)?.clsRuns.join(', ')})`).join(' | ')} | ${builds.map((b) => `${of(b)?.lcp} ms`).join(' | ')} | ${last?.shifts.map((s) => `${s.value} ${s.nodes.join(' ')}`).join('; ') || '—'} |`);
    }
  }
  lines.push('', `Taking the page over (this build, medians): from \`hydrateRoot\` to the app's first effect (performance marks of src/main.tsx and app/provider.tsx), the main thread's blocking time of the whole load (long tasks beyond 50 ms), and the API calls the browser made while loading (a page taken over asks nothing it shows; images not counted):`, '');
  lines.push('| page | form factor | take-over ms | blocking ms | API calls |', '|---|---|---|---|---|');
  for (const r of vitalRows.filter((v) => v.build === builds[builds.length - 1].name)) lines.push(`| ${r.page} | ${r.formFactor} | ${Number.isNaN(r.hydration) ? '— (not taken over)' : r.hydration} | ${r.blocking} | ${r.apiCalls} |`);
  if (serving.length) {
    lines.push('', `Pages served by the web server, ${SERVING_CONNECTIONS} connections, ${SERVING_SECONDS} s each, gzip asked (rendered = \`#root\` holds the page, docs/product/rules.md#R830):`, '');
    lines.push('| page | build | rendered | requests | req/s | p50 ms | p99 ms | non-2xx |', '|---|---|---|---|---|---|---|---|');
    for (const r of serving) lines.push(`| ${r.page} | ${r.build} | ${r.rendered ? 'yes' : 'no'} | ${r.how} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
  }
  lines.push(...renderServingRatios(ratios));
  lines.push('', `Without JavaScript, a sheet: its content rendered by the web server ${noJs.content ? 'yes' : '**no**'}, og:title ${noJs.ogTitle ? 'yes' : '**no**'}, og:image ${noJs.ogImage ? 'yes' : '**no**'}, canonical ${noJs.canonical ? 'yes' : '**no**'}, JSON-LD ${noJs.jsonLd ?? '**none**'}; /sitemap.xml lists ${noJs.sitemapTools} of ${noJs.toolCount} tools.`);
  if (lighthouse.length) {
    lines.push('', `Lighthouse (${LIGHTHOUSE_RUNS} run(s) per cell, median performance run; simulated throttling):`, '', '| build | page | form factor | performance | accessibility | best practices | SEO | LCP | TBT | CLS |', '|---|---|---|---|---|---|---|---|---|---|');
    for (const l of lighthouse) {
      lines.push(l.error ? `| ${l.build} | ${l.name} | ${l.formFactor} | failed: ${l.error} |||||||` : `| ${l.build} | ${l.name} | ${l.formFactor} | ${l.performance} (runs: ${(l.performanceRuns ?? []).join(', ')}) | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.lcp} | ${l.tbt} | ${l.cls} |`);
    }
    const mine = lighthouse.filter((l) => l.build === builds[builds.length - 1].name && !l.error);
    const perf = (/** @type {FormFactor} */ formFactor) => mine.filter((l) => l.formFactor === formFactor).map((l) => `${l.name} ${l.performance}`).join(', ');
    const met = (/** @type {FormFactor} */ formFactor, /** @type {number} */ target) => mine.filter((l) => l.formFactor === formFactor).every((l) => (l.performance ?? 0) >= target);
    const jsNow = js[js.length - 1].gzipKb;
    lines.push('', '| target | measured (this build, medians) | verdict |', '|---|---|---|');
    lines.push(`| performance ≥ 95 on a phone | ${perf('mobile')} | ${met('mobile', 95) ? 'met' : '**missed**'} |`);
    lines.push(`| performance 100 on a desktop | ${perf('desktop')} | ${met('desktop', 100) ? 'met' : '**missed**'} |`);
    lines.push(`| initial JS ≤ 100 KB gzip | ${jsNow} KB | ${jsNow <= 100 ? 'met' : '**missed**'} |`);
    lines.push(`| Lighthouse CPU benchmark index during the runs | ${mine.map((l) => l.benchmarkIndex).filter(Boolean).join(', ')} | — |`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) finish(runWebDeliveryPart());
