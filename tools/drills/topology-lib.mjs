// @ts-check
// Helpers of the topology drill (drill-7-*.mjs): requests from a chosen loopback address (every
// 127.x.y.z is this machine, and each is a client address of its own for the rate limits), and
// waiting for a condition while measuring how long it took.
import http from 'node:http';
import { sleep } from '../lib/ports.mjs';

/** A loopback address of its own for client `i` (1 ≤ i < 65 000), never 127.0.0.1. @param {number} i */
export const clientAddress = (i) => `127.1.${(i >> 8) & 255}.${(i & 255) || 254}`;

/**
 * One HTTP request from `localAddress`; never throws (status 0 with the error).
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, json?: unknown, localAddress?: string, timeoutMs?: number }} [options]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer, error?: string }>}
 */
export function request(url, { method = 'GET', headers = {}, json, localAddress, timeoutMs = 30_000 } = {}) {
  const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  return new Promise((resolve) => {
    const req = http.request(url, {
      method, localAddress, timeout: timeoutMs, agent: false,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}) },
    }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (error) => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), error: error.message }));
    req.end(body);
  });
}

/**
 * Polls `check` every `everyMs` until it returns true; the time it took, or null at `timeoutMs`.
 * @param {() => Promise<boolean>} check @param {{ timeoutMs?: number, everyMs?: number }} [options]
 */
export async function timeUntil(check, { timeoutMs = 10_000, everyMs = 20 } = {}) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(everyMs);
  }
  return null;
}

/** "1.2 s" or "not within 10 s". @param {number | null} ms @param {number} limitMs */
export const delay = (ms, limitMs) => (ms === null ? `not within ${limitMs / 1000} s` : `${(ms / 1000).toFixed(2)} s`);

/** Adds one answer's status to a tally. @param {Record<string, number>} tally @param {number | string} status */
export const count = (tally, status) => { tally[status] = (tally[status] ?? 0) + 1; };
