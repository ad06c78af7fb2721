// @ts-check
/* global document -- functions run inside the page by Playwright */
// Web measurements: the initial JavaScript of the production build (gzip) and Lighthouse scores
// with Debian's Chromium.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { log } from '../../lib/log.mjs';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--no-default-browser-check',
  // Nothing of Chromium's own in the measured minutes: no background fetches, updates or sync.
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const kb = (/** @type {number} */ n) => Math.round((n / 1024) * 10) / 10;

/**
 * What every page loads before any route code: the module scripts and modulepreload links of
 * index.html or, since the build starts the app from `assets/start-*.js` (docs/product/rules.md#R713),
 * the scripts and preloads that script lists; each file gzipped (zlib level 6, what a web server's
 * gzip would send).
 * @param {string} dir
 */
export function initialJs(dir) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  /** @type {Set<string>} */
  const files = new Set();
  for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*src="([^"]+)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) files.add(m[1]);
  const start = /<script src="(\/assets\/start-[\w-]+\.js)"><\/script>/.exec(html);
  if (start) {
    const script = readFileSync(join(dir, start[1].replace(/^\//, '')), 'utf8');
    for (const list of ['scripts', 'preloads']) {
      const listed = new RegExp(`var ${list} = (\\[[^\\]]*\\]);`).exec(script);
      for (const file of listed ? JSON.parse(listed[1]) : []) files.add(file);
    }
  }
  const entries = [...files].map((src) => {
    const body = readFileSync(join(dir, src.replace(/^\//, '')));
    return { src, raw: body.length, gzip: gzipSync(body, { level: 6 }).length };
  });
  return { entries, rawKb: kb(entries.reduce((a, e) => a + e.raw, 0)), gzipKb: kb(entries.reduce((a, e) => a + e.gzip, 0)) };
}

/**
 * Every script Chromium fetches to render `url` (entry, preloads and the lazy route chunks),
 * gzipped the same way: the real cost of a first visit to that page.
 * @param {string} url
 */
export async function jsLoadedBy(url) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage();
    /** @type {Array<Promise<{ url: string, raw: number, gzip: number } | null>>} */
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => ({ url: res.url(), raw: b.length, gzip: gzipSync(b, { level: 6 }).length })).catch(() => null));
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    const list = (await Promise.all(scripts)).flatMap((s) => (s && !s.url.endsWith('/config.js') ? [s] : []));
    return { count: list.length, rawKb: kb(list.reduce((a, s) => a + s.raw, 0)), gzipKb: kb(list.reduce((a, s) => a + s.gzip, 0)) };
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse scores (0–100) for each page, mobile (default config) and desktop; each page is run
 * `runs` times and the run with the median performance score is kept (Lighthouse's own advice
 * for noisy machines).
 * @param {Array<{ name: string, url: string }>} pages @param {number} [runs]
 */
export async function lighthouseScores(pages, runs = 1) {
  const all = await lighthouseOnce(pages.flatMap((p) => Array.from({ length: runs }, () => p)));
  /** @type {Array<LighthouseRow & { runs: number }>} */
  const out = [];
  for (const formFactor of ['mobile', 'desktop']) {
    for (const page of pages) {
      const mine = all.filter((r) => r.formFactor === formFactor && r.name === page.name);
      const ok = mine.filter((r) => !r.error && r.performance != null).sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
      const chosen = ok.length ? ok[Math.floor((ok.length - 1) / 2)] : mine[0];
      out.push({ ...chosen, runs: mine.length, performanceRuns: ok.map((r) => r.performance) });
    }
  }
  return out;
}

/**
 * @typedef {{ name: string, formFactor: string, url: string, error?: string, performance?: number | null, accessibility?: number | null,
 *   bestPractices?: number | null, seo?: number | null, runtimeError?: string, performanceRuns?: Array<number | null | undefined>,
 *   fcp?: string, lcp?: string, tbt?: string, cls?: string, benchmarkIndex?: number, perfHints?: string[],
 *   failing?: { accessibility: string[], seo: string[], bestPractices: string[] } }} LighthouseRow
 */

/** @param {Array<{ name: string, url: string }>} pages @returns {Promise<LighthouseRow[]>} */
async function lighthouseOnce(pages) {
  const results = [];
  for (const formFactor of ['mobile', 'desktop']) {
    for (const { name, url } of pages) {
      // Lighthouse sometimes fails to record the trace (NO_NAVSTART, NO_FCP: "run Lighthouse
      // again"): such a run is run again, twice at most, and the reason is logged.
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const row = await lighthouseRun(name, url, formFactor);
        log(row.error ? `lighthouse ${formFactor} ${name} failed: ${row.error}` : `lighthouse ${formFactor} ${name}: perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo}${row.runtimeError ? ` (${row.runtimeError})` : ''}`);
        if ((!row.error && row.performance != null) || attempt === 3) {
          results.push(row);
          break;
        }
      }
    }
  }
  return results;
}

/**
 * One Lighthouse run of `url`, in a fresh browser (no cache or storage carried from another page).
 * @param {string} name @param {string} url @param {string} formFactor @returns {Promise<LighthouseRow>}
 */
async function lighthouseRun(name, url, formFactor) {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const runner = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!runner) throw new Error('Lighthouse gave no result');
    const lhr = runner.lhr;
    const score = (/** @type {string} */ id) => {
      const value = lhr.categories[id]?.score;
      return value == null ? null : Math.round(value * 100);
    };
    const failing = (/** @type {string} */ id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
    const metric = (/** @type {string} */ id) => lhr.audits[id]?.displayValue ?? '';
    // The performance audits that cost the most: opportunities with savings, then failed diagnostics.
    const perfHints = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && (a.details?.type === 'opportunity' || ['mainthread-work-breakdown', 'bootup-time', 'layout-shifts', 'largest-contentful-paint-element', 'long-tasks', 'unused-javascript', 'render-blocking-resources', 'unsized-images'].includes(a.id)))
      .sort((a, b) => (/** @type {any} */ (b.details)?.overallSavingsMs ?? 0) - (/** @type {any} */ (a.details)?.overallSavingsMs ?? 0))
      .slice(0, 4)
      .map((a) => (a.displayValue ? `${a.id} (${a.displayValue})` : a.id));
    const row = {
      name, formFactor, url,
      performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'),
      fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment?.benchmarkIndex, perfHints,
      failing: { accessibility: failing('accessibility'), seo: failing('seo'), bestPractices: failing('best-practices') },
      runtimeError: lhr.runtimeError?.message,
    };
    return row;
  } catch (error) {
    return { name, formFactor, url, error: /** @type {Error} */ (error).message };
  } finally {
    await chrome.kill();
  }
}

/**
 * Where a phone's main thread goes while it loads and takes over `url` (docs/product/rules.md#R835):
 * one load in a fresh context with `emulation` (viewport, CPU slowdown, network), under Chromium's
 * sampling profiler (CDP `Profiler`) from navigation until the app's first effect
 * (`<html data-app-started>`) and the network is idle. The build's bundles are put back in their
 * sources through their hidden source maps (`dir`/assets/*.map), so self time is given by package
 * or by the app's own file (components, modules). Also lists the API reads the page made.
 * @param {import('playwright-core').Browser} browser @param {string} url @param {string} dir the build served at `url`
 * @param {{ viewport: { width: number, height: number }, deviceScaleFactor: number, isMobile: boolean, hasTouch: boolean, cpu: number, latency: number, kbps: number }} emulation
 */
export async function takeOverProfile(browser, url, dir, emulation) {
  const { pathToFileURL } = await import('node:url');
  const { selfTimeByPackage } = await import('../render-profile.mjs');
  const f = emulation;
  const context = await browser.newContext({ viewport: f.viewport, deviceScaleFactor: f.deviceScaleFactor, isMobile: f.isMobile, hasTouch: f.hasTouch, locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: f.cpu });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: f.latency, downloadThroughput: (f.kbps * 1024) / 8, uploadThroughput: (f.kbps * 1024) / 8 });
    /** @type {string[]} */
    const apiReads = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/\/(api|tools)\//.test(path) && !/\/tools\/images\//.test(path)) apiReads.push(path);
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-started'), null, { timeout: 30_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle');
    const { profile } = await cdp.send('Profiler.stop');
    const origin = new URL(url).origin;
    for (const node of profile.nodes) {
      if (node.callFrame.url.startsWith(`${origin}/assets/`)) node.callFrame.url = pathToFileURL(join(dir, new URL(node.callFrame.url).pathname)).href;
    }
    const { busyMs, shares } = selfTimeByPackage(/** @type {any} */ (profile));
    return { busyMs, shares, functions: selfTimeByFunction(/** @type {any} */ (profile)), apiReads };
  } finally {
    await context.close();
  }
}

/**
 * The functions with the most self time in a profile whose bundle URLs are files with a `.map`
 * beside them: each as its original file, line and name (what a component or a module's top level is).
 * @param {{ nodes: Array<{ id: number, callFrame: { url: string, functionName: string, lineNumber: number, columnNumber: number } }>, samples: number[], timeDeltas: number[] }} profile
 */
function selfTimeByFunction(profile) {
  /** @type {Map<string, any>} */
  const maps = new Map();
  const place = (/** @type {{ url: string, functionName: string, lineNumber: number, columnNumber: number }} */ frame) => {
    if (!frame.url.startsWith('file://')) return `${frame.functionName || '(anonymous)'} ${frame.url}`;
    const file = new URL(frame.url).pathname;
    if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
    const entry = maps.get(file)?.findEntry(frame.lineNumber, frame.columnNumber);
    return entry?.originalSource
      ? `${entry.name ?? frame.functionName ?? '(anonymous)'} ${String(entry.originalSource).replace(/^.*\/(node_modules|src)\//, '$1/')}:${entry.originalLine + 1}`
      : `${frame.functionName || '(anonymous)'} ${file.split('/').pop()}`;
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  /** @type {Map<string, number>} */
  const times = new Map();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || ['(idle)', '(program)', '(root)'].includes(frame.functionName)) return;
    const key = place(frame);
    times.set(key, (times.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...times].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([name, ms]) => ({ name, ms }));
}
