// @ts-check
// Drill 6 of `npm run drills`: hostile input against an API process with its production
// settings (rate limits on, request logs at info). Each part reports what it measured.
//   a. anonymous 90 MB uploads (one, then four at once): status, bytes the API read (its
//      /proc/<pid>/io rchar), its RSS growth (VmRSS sampled every 5 ms);
//   b. lockout attempt: wrong passwords for one address from one IP, then the owner from another;
//   c. 50 rapid newsletter registrations from one IP;
//   d. a tampered signed link fetched 100 times (and a valid one fetched 20 times);
//   e. query-string secrets: requests carrying tokens in their query, then the API's log searched;
//   f. equal answers: forgot and reset answer times for known and unknown addresses (medians).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import pg from 'pg';
import { freePort, sleep } from '../lib/ports.mjs';
import { nodeProcess, waitForHttp } from '../lib/processes.mjs';
import { scratchDir } from '../lib/scratch.mjs';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024);
const PDF_HEAD = Buffer.from('%PDF-1.4\n');

export const procBytesRead = (/** @type {number} */ pid) => Number(/^rchar:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? NaN);
export const procRss = (/** @type {number} */ pid) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

/**
 * A multipart upload sent as a hostile client would: Content-Length for the whole body, bytes
 * as fast as the server takes them, generated on the fly; stops at the first byte of an answer.
 * @param {string} baseUrl @param {string} path
 * @param {Array<{ name: string, value: string } | { name: string, filename: string, size: number }>} parts
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, sent: number }>}
 */
export function rawUpload(baseUrl, path, parts, headers = {}) {
  const { hostname, port } = new URL(baseUrl);
  const boundary = `----outils${randomBytes(8).toString('hex')}`;
  /** @type {Array<Buffer | { zeros: number }>} */
  const pieces = [];
  for (const part of parts) {
    if ('value' in part) {
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/pdf\r\n\r\n`));
      pieces.push(PDF_HEAD, { zeros: part.size - PDF_HEAD.length }, Buffer.from('\r\n'));
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const length = pieces.reduce((n, p) => n + (Buffer.isBuffer(p) ? p.length : p.zeros), 0);
  const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Content-Type: multipart/form-data; boundary=${boundary}`, `Content-Length: ${length}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    /** @type {string | null} */
    let received = '';
    let sent = 0;
    let stopped = false;
    /** @type {Array<() => void>} */
    const wake = [];
    const finish = () => {
      if (stopped && received === null) return;
      stopped = true;
      for (const w of wake.splice(0)) w();
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(received ?? '')?.[1] ?? 0);
      received = null;
      socket.destroy();
      resolve({ status, sent });
    };
    socket.on('data', (chunk) => {
      received = (received ?? '') + chunk.toString('latin1');
      stopped = true;
      for (const w of wake.splice(0)) w();
      if (/\r\n\r\n/.test(received)) setTimeout(finish, 50);
    });
    socket.on('close', finish);
    socket.on('error', finish);
    const write = async (/** @type {Buffer} */ buffer) => {
      if (stopped) return;
      sent += buffer.length;
      if (!socket.write(buffer)) await new Promise((/** @type {(value?: unknown) => void} */ r) => { wake.push(r); socket.once('drain', r); });
    };
    socket.once('connect', async () => {
      await write(Buffer.from(head));
      sent = 0;
      for (const piece of pieces) {
        if (Buffer.isBuffer(piece)) await write(piece);
        else for (let left = piece.zeros; left > 0 && !stopped; left -= CHUNK.length) await write(left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left));
        if (stopped) return;
      }
    });
  });
}

/**
 * Measures the API process while `send` runs: bytes it read, its RSS growth.
 * @template T @param {number} pid @param {() => Promise<T>} send
 */
async function measured(pid, send) {
  const rssBefore = procRss(pid);
  let rssMax = rssBefore;
  const sampler = setInterval(() => { rssMax = Math.max(rssMax, procRss(pid)); }, 5);
  const readBefore = procBytesRead(pid);
  try {
    const result = await send();
    rssMax = Math.max(rssMax, procRss(pid));
    return { result, bytesRead: procBytesRead(pid) - readBefore, rssGrowth: rssMax - rssBefore };
  } finally {
    clearInterval(sampler);
  }
}

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};
const tally = (/** @type {number[]} */ statuses) =>
  Object.entries(statuses.reduce((/** @type {Record<string, number>} */ acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {})).map(([s, n]) => `${s}×${n}`).join(' ');
const kib = (/** @type {number} */ n) => `${Math.round(n / 1024)} KiB`;
const mb = (/** @type {number} */ n) => `${(n / MB).toFixed(1)} MB`;

/** @param {string} apiUrl @param {string} path @param {unknown} body @param {Record<string, string>} [headers] */
async function post(apiUrl, path, body, headers = {}) {
  const started = performance.now();
  const res = await fetch(`${apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after'), text };
}

/**
 * @typedef {object} HostileContext
 * @property {string} apiUrl
 * @property {import('../lib/processes.mjs').NodeProcess} api
 * @property {{ email: string, password: string }} owner
 * @property {string} knownEmail
 * @property {number} toolId
 * @property {Array<{ name: string, value: string }>} form
 * @property {string} logFile
 * @property {(toolId: number) => Promise<number>} downloadCount
 * @property {(drill: string, target: string, measured: string, pass: boolean | null) => void} record
 */

/**
 * Runs the hostile drill. `api` is the handle of an API process started with rate limits on and
 * LOG_LEVEL=info; `owner` an activated account whose password is known; `tool` a tool id.
 * @param {HostileContext} context
 */
export async function hostileDrill({ apiUrl, api, owner, knownEmail, toolId, form, record, downloadCount, logFile }) {
  const pid = /** @type {number} */ (api.child?.pid);

  // --- a. anonymous oversized uploads ------------------------------------------------------------
  await rawUpload(apiUrl, '/admin/tools/create', [...form, { name: 'toolFile', filename: 'x.pdf', size: 64 * 1024 }]); // warm-up
  const one = await measured(pid, () => rawUpload(apiUrl, '/admin/tools/create', [...form,
    { name: 'toolFile', filename: 'gros.pdf', size: 45 * MB }, { name: 'images[]', filename: 'gros.pdf', size: 45 * MB }]));
  const four = await measured(pid, () => Promise.all(Array.from({ length: 4 }, () => rawUpload(apiUrl, '/admin/tools/create', [...form,
    { name: 'toolFile', filename: 'gros.pdf', size: 45 * MB }, { name: 'images[]', filename: 'gros.pdf', size: 45 * MB }]))));
  // Up to 2 MB of an unknown caller's files are kept on disk waiting for body credentials (docs/product/rules.md#R784).
  record('6a', 'anonymous 90 MB upload: 401, the API reads < 4 MB and its RSS grows ≤ 20 MB (4 at once: < 6 MB, one network keeping files for one upload at a time)',
    `one upload: ${one.result.status}, API read ${kib(one.bytesRead)}, RSS +${mb(one.rssGrowth)} (client pushed ${mb(one.result.sent)} into its socket before the answer); ` +
    `4 at once: ${tally(four.result.map((r) => r.status))}, API read ${kib(four.bytesRead)}, RSS +${mb(four.rssGrowth)}`,
    one.result.status === 401 && one.bytesRead < 4 * MB && one.rssGrowth <= 20 * MB && four.result.every((r) => r.status === 401) && four.bytesRead < 6 * MB && four.rssGrowth <= 20 * MB);

  // --- b. lockout attempt from another IP ---------------------------------------------------------
  const attacker = { 'x-forwarded-for': '198.51.100.66' };
  const wrong = [];
  for (let i = 0; i < 15; i += 1) wrong.push((await post(apiUrl, '/api/login', { username: owner.email, password: 'Mauvais-2026!' }, attacker)).status);
  const ownerLogin = await post(apiUrl, '/api/login', { username: owner.email, password: owner.password }, { 'x-forwarded-for': '203.0.113.77' });
  record('6b', 'lockout attempt: 15 wrong passwords from one IP, then the owner from another IP gets in',
    `attacker: ${tally(wrong)}; owner from another IP: ${ownerLogin.status} in ${Math.round(ownerLogin.ms)} ms`,
    wrong.slice(0, 10).every((s) => s === 401) && wrong.slice(10).every((s) => s === 429) && ownerLogin.status === 200 && JSON.parse(ownerLogin.text).token !== undefined);

  // --- c. 50 rapid newsletter registrations from one IP -------------------------------------------
  const client = { 'x-forwarded-for': '198.51.100.90' };
  const registrations = await Promise.all(Array.from({ length: 50 }, (_, i) =>
    post(apiUrl, '/api/mailjet/register', { email: `rafale-${i}-${randomBytes(3).toString('hex')}@example.com`, consent: true }, client)));
  const refused = registrations.filter((r) => r.status === 429);
  const frenchWithRetry = refused.every((r) => Number(r.retryAfter) > 0 && /Trop de demandes/.test(JSON.parse(r.text).message));
  record('6c', '50 rapid newsletter registrations from one IP: 10 accepted, the rest 429 with Retry-After and a French message',
    `${tally(registrations.map((r) => r.status))}; every 429 with Retry-After and the French message: ${frenchWithRetry}; Retry-After ${refused[0]?.retryAfter ?? '—'} s`,
    registrations.filter((r) => r.status === 200).length === 10 && refused.length === 40 && frenchWithRetry);

  // --- d. tampered signed link fetched 100 times ---------------------------------------------------
  const countBefore = await downloadCount(toolId);
  const link = new URL((await (await fetch(`${apiUrl}/tools/download?toolId=${toolId}`, { headers: { 'x-forwarded-for': '198.51.100.120' } })).json()).url);
  const tampered = new URL(link);
  const signature = tampered.searchParams.get('signature') ?? '';
  tampered.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
  const tamperedStatuses = [];
  for (let i = 0; i < 100; i += 1) {
    const res = await fetch(`${apiUrl}${tampered.pathname}${tampered.search}`, { headers: { 'x-forwarded-for': '198.51.100.121' } });
    await res.arrayBuffer();
    tamperedStatuses.push(res.status);
  }
  const tamperedDelta = (await downloadCount(toolId)) - countBefore;
  const validStatuses = [];
  for (let i = 0; i < 20; i += 1) {
    const res = await fetch(`${apiUrl}${link.pathname}${link.search}`, { headers: { 'x-forwarded-for': `198.51.100.${130 + i}` } });
    await res.arrayBuffer();
    validStatuses.push(res.status);
  }
  const validDelta = (await downloadCount(toolId)) - countBefore - tamperedDelta;
  record('6d', 'tampered signed link fetched 100 times: never served, never counted; a valid link fetched 20 times counts once',
    `tampered: ${tally(tamperedStatuses)}, downloads counted ${tamperedDelta}; valid link fetched 20 times: ${tally(validStatuses)}, downloads counted ${validDelta}`,
    !tamperedStatuses.some((s) => s < 400) && validStatuses.every((s) => s === 200) && validDelta === 1 && tamperedDelta === 0);

      // --- e. query-string secrets in the logs ----------------------------------------------------
      const secret = `drill${randomBytes(12).toString('hex')}`;
      const address = `secret-${randomBytes(4).toString('hex')}@example.com`;
      const paths = [
        `/api/tools?email=${encodeURIComponent(address)}&token=${secret}`,
        `/api/tools?storedMail=${encodeURIComponent(address)}&storedToken=${secret}&page=abc`,
        `/api/user/show?token=${secret}`,
        `/tools/file?toolId=${toolId}&expires=9999999999&signature=${secret}`,
        `/login/password/reset?email=${encodeURIComponent(address)}&token=${secret}`,
      ];
      for (const path of paths) await (await fetch(`${apiUrl}${path}`, { headers: { 'x-forwarded-for': '198.51.100.200' } })).arrayBuffer();
      await sleep(500);
      const logText = readFileSync(logFile, 'utf8');
      const requestLines = logText.split('\n').filter((line) => line.includes('"req":')).length;
      const leaks = [secret, address, encodeURIComponent(address)].map((s) => logText.split(s).length - 1).reduce((a, b) => a + b, 0);
      record('6e', 'query-string secrets (tokens, signatures, addresses in 5 URLs) never reach the API log',
        `${paths.length} requests sent, ${requestLines} request lines in the log; occurrences of the secrets: ${leaks}`,
        leaks === 0 && requestLines > 0);

      // --- f. equal answers for known and unknown addresses ---------------------------------------
      /** @type {Record<'forgotKnown' | 'forgotUnknown' | 'resetKnown' | 'resetUnknown', number[]>} */
      const times = { forgotKnown: [], forgotUnknown: [], resetKnown: [], resetUnknown: [] };
      for (let i = 0; i < 12; i += 1) {
        const ip = { 'x-forwarded-for': `203.0.113.${100 + i}` };
        times.forgotKnown.push((await post(apiUrl, '/api/password/send_forgot_email', { email: knownEmail }, ip)).ms);
        times.forgotUnknown.push((await post(apiUrl, '/api/password/send_forgot_email', { email: `inconnu-${i}-${randomBytes(3).toString('hex')}@example.com` }, ip)).ms);
        const reset = { token: 'x'.repeat(43), password: 'Bonjour-2026!', passwordConfirm: 'Bonjour-2026!' };
        times.resetKnown.push((await post(apiUrl, '/api/password/reset', { ...reset, email: knownEmail }, ip)).ms);
        times.resetUnknown.push((await post(apiUrl, '/api/password/reset', { ...reset, email: `inconnu-${i}@example.com` }, ip)).ms);
      }
      const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
      const forgotGap = Math.abs(m.forgotKnown - m.forgotUnknown);
      const resetGap = Math.abs(m.resetKnown - m.resetUnknown);
      record('6f', 'forgot and reset answer in the same time for known and unknown addresses (medians of 12, gap < 20 ms)',
        `forgot: known ${m.forgotKnown.toFixed(0)} ms, unknown ${m.forgotUnknown.toFixed(0)} ms (gap ${forgotGap.toFixed(1)}); ` +
        `reset with a wrong link: known ${m.resetKnown.toFixed(0)} ms, unknown ${m.resetUnknown.toFixed(0)} ms (gap ${resetGap.toFixed(1)})`,
        forgotGap < 20 && resetGap < 20);
}

/**
 * Drill 6 on the drills' stack: an API process of its own with rate limits on and request logs
 * at info, and an activated owner whose password is known.
 * @param {import('./stack.mjs').DrillStack} stack @param {import('./stack.mjs').Record} record
 */
export async function drillHostile({ db, bundles, env, logDir, refs }, record) {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  const argon2 = createRequire(import.meta.url)('argon2');
  const owner = { email: `titulaire-drills-${randomBytes(3).toString('hex')}@example.com`, password: 'Titulaire-2026!' };
  await c.query(
    `INSERT INTO app_user (email, first_name, last_name, password_hash, activated_at, terms_accepted_at) VALUES ($1, 'Camille', 'Martin', $2, now(), now())`,
    [owner.email, await argon2.hash(owner.password, { type: argon2.argon2id })],
  );
  const hostilePort = await freePort();
  const hostileUrl = `http://127.0.0.1:${hostilePort}`;
  const hostile = nodeProcess('api-hostile', /** @type {string} */ (bundles.api), {
    ...env, API_PORT: String(hostilePort), API_URL: hostileUrl, RATE_LIMIT_ENABLED: 'true', LOG_LEVEL: 'info',
    REDIS_PREFIX: 'drills-hostile', UPLOAD_TMP_DIR: scratchDir('drills-uploads'),
  }, logDir);
  hostile.start();
  await waitForHttp(`${hostileUrl}/health`, hostile, 60_000);
  const form = [
    { name: 'title', value: 'Exercice' }, { name: 'description', value: 'D.' }, { name: 'type', value: String(refs.type_id) },
    { name: 'category', value: String(refs.category_id) }, { name: 'difficulty', value: 'Simple' },
  ];
  await hostileDrill({
    apiUrl: hostileUrl, api: hostile, owner, knownEmail: owner.email, toolId: 11, form, logFile: hostile.logFile,
    downloadCount: async (/** @type {number} */ id) => (await c.query(`SELECT download_count FROM tool WHERE id = $1`, [id])).rows[0].download_count,
    record: (/** @type {string} */ drill, /** @type {string} */ target, /** @type {string} */ measured, /** @type {boolean | null} */ pass) => record(drill, target, measured, pass),
  });
  await hostile.stop();
  await c.end();
}
