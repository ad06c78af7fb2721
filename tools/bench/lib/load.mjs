// @ts-check
// Load with autocannon for the bench and the drills: one run that keeps every response time and
// status itself (5xx told apart from 4xx, runs mergeable), merged summaries, and interleaved runs
// on several targets so that background load falls on all of them alike.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * @typedef {object} Run
 * @property {Record<string, number>} statuses
 * @property {number[]} latencies
 * @property {number} errors
 * @property {number} timeouts
 * @property {number} seconds
 */
/**
 * @typedef {object} Summary
 * @property {string | undefined} title
 * @property {number} rps
 * @property {number | null} p50
 * @property {number | null} p99
 * @property {number | null} max
 * @property {number} total
 * @property {Record<string, number>} statuses
 * @property {number} non2xx
 * @property {number} fivexx
 * @property {number} errors
 * @property {number} timeouts
 * @property {number} seconds
 * @property {Run[]} runs
 */
/** @typedef {{ url: string, connections?: number, duration?: number, amount?: number, requests?: object[], headers?: Record<string, string>, method?: string, body?: string, timeout?: number, title?: string }} LoadOptions */

/**
 * One autocannon run; counts status codes and keeps every response time itself (so 5xx are told
 * apart from 4xx, and several runs can be merged). `requests` as autocannon takes them.
 */
/** @param {LoadOptions} options @returns {Promise<Summary>} */
export async function load({ url, connections = 50, duration = 10, amount, requests, headers, method, body, timeout = 10, title }) {
  const autocannon = require('autocannon');
  /** @type {Record<string, number>} */
  const statuses = {};
  /** @type {number[]} */
  const latencies = [];
  /** @type {Record<string, unknown>} */
  const options = Object.fromEntries(
    Object.entries({ url, connections, duration, amount, requests, headers, method, body, timeout, title }).filter(([, v]) => v !== undefined),
  );
  if (amount !== undefined) delete options.duration;
  const started = process.hrtime.bigint();
  const instance = autocannon(options);
  instance.on('response', (/** @type {unknown} */ _client, /** @type {number} */ statusCode, /** @type {number} */ _bytes, /** @type {number} */ responseTime) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    latencies.push(responseTime);
  });
  const result = await instance;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return summarize([{ statuses, latencies, errors: result.errors, timeouts: result.timeouts, seconds }], title);
}

const percentile = (/** @type {number[]} */ sorted, /** @type {number} */ p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/** Merges runs (slices) of one target into one line: requests/s over their total time, percentiles over all responses. */
/** @param {Run[]} runs @param {string} [title] @returns {Summary} */
export function summarize(runs, title) {
  /** @type {Record<string, number>} */
  const statuses = {};
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  let timeouts = 0;
  let seconds = 0;
  for (const run of runs) {
    for (const [s, n] of Object.entries(run.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
    for (const l of run.latencies) latencies.push(l);
    errors += run.errors;
    timeouts += run.timeouts;
    seconds += run.seconds;
  }
  latencies.sort((a, b) => a - b);
  const total = latencies.length;
  const non2xx = total - Object.entries(statuses).filter(([s]) => Number(s) >= 200 && Number(s) < 300).reduce((a, [, n]) => a + n, 0);
  const fivexx = Object.entries(statuses).filter(([s]) => Number(s) >= 500).reduce((a, [, n]) => a + n, 0);
  const ms = (/** @type {number | null} */ v) => (v === null ? null : Math.round(v));
  return {
    title, rps: total / seconds, p50: ms(percentile(latencies, 50)), p99: ms(percentile(latencies, 99)), max: ms(latencies.at(-1) ?? null),
    total, statuses, non2xx, fivexx, errors, timeouts, seconds, runs,
  };
}

/**
 * The same load on several targets, interleaved: `slices` rounds, each giving every target
 * `duration / slices` seconds in turn. Background load on a shared machine then falls on all
 * targets alike, which is what makes a ratio between them meaningful. Returns one summary per key.
 */
/**
 * @param {Array<{ key: string, url: string, options?: Partial<LoadOptions> }>} targets
 * @param {Partial<LoadOptions>} options
 * @param {{ duration: number, slices: number, connections: number, warmup?: number }} settings
 * @returns {Promise<Record<string, Summary>>}
 */
export async function interleaved(targets, options, { duration, slices, connections, warmup = 1 }) {
  /** @type {Summary[]} */
  const warm = [];
  if (warmup > 0) for (const t of targets) warm.push(await load({ url: t.url, connections: 10, duration: warmup, ...options, ...t.options }));
  // A slice must be long next to the latency, or requests still in flight when it ends (not
  // counted by autocannon) bias it (by about latency ÷ slice): a slice lasts at least ten expected
  // latencies, so slow calls get fewer, longer slices, down to one run.
  const expectedMs = warm.length ? Math.max(...warm.map((w) => (w.p50 ?? 10_000) * (connections / 10))) : 0;
  slices = Math.max(1, Math.min(slices, Math.floor(duration), Math.floor(duration / Math.max(1, (10 * expectedMs) / 1000))));
  const sliceSeconds = Math.max(1, Math.round(duration / slices));
  /** @type {Record<string, Run[]>} */
  const runs = Object.fromEntries(targets.map((t) => [t.key, []]));
  for (let i = 0; i < slices; i += 1) {
    // Alternate who goes first, so neither always runs right after the other.
    const order = i % 2 === 0 ? targets : [...targets].reverse();
    for (const t of order) {
      const r = await load({ url: t.url, connections, duration: sliceSeconds, ...options, ...t.options });
      runs[t.key].push(...r.runs);
    }
  }
  return Object.fromEntries(targets.map((t) => [t.key, summarize(runs[t.key], t.key)]));
}

