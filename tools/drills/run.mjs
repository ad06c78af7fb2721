#!/usr/bin/env node
// `npm run drills`: the product's behaviour under load and faults, as measured facts (issue 8).
//
// The built stack on its own ports: a scratch database (2 000 tools), the production API and
// worker bundles, MailDev (SMTP + REST API) and a PRIVATE redis-server (the shared Redis is never
// touched; this one is stopped and started by drill 3).
//   1. 200 concurrent connections for 60 s on the listing and sheets: 0 5xx.
//   2. PostgreSQL restarted during load: the API answers again within 5 s without a restart of
//      its own; no request hangs (autocannon timeout 10 s, probes abort at 15 s).
//   3. Redis unreachable during 50 sign-ups, then back: 50 activation mails, none twice.
//   4. The worker SIGKILLed during a batch of mails: every mail delivered after it restarts.
//   5. 1 000 malformed requests across every endpoint: 0 5xx and no row changed.
//   6. Hostile input (tools/drills/hostile.mjs), on an API process with rate limits on: anonymous
//      90 MB uploads (bytes read, RSS), a lockout attempt, 50 newsletter registrations from one
//      IP, a tampered signed link fetched 100 times, secrets in query strings vs the log, answer
//      times for known and unknown addresses.
// Results printed and written to docs/resilience.md (drills 1–5 and drill 6 in sections of their
// own, so that `DRILLS_ONLY=6` rewrites only its own).
//
// Settings: DRILLS_ONLY=1,3 (which drills), DRILL1_DURATION seconds (60), DRILL1_CONNECTIONS
// (200), DRILL2_PG_RESTART=false (skip the restart of the shared PostgreSQL), DRILL4_BATCH (120),
// DRILL5_COUNT (1000), DRILLS_WRITE_DOCS=false, BENCH_DIST / BENCH_BUILD as for the bench.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { writeDocsSection } from '../bench/lib/docs-section.mjs';
import pg from 'pg';
import {
  ROOT, cleanupAll, createScratchDatabase, ensureBuilt, freePort, gitCommit, insertUserWithSession, load, log, machine, nodeProcess,
  privateRedis, productionEnv, scratchDir, sleep, snapshotBundles, startMaildev, table, waitForHttp,
} from '../bench/lib/stack.mjs';
import { seedTaxonomy, seedTools, writeStorageFiles } from '../bench/lib/seed.mjs';
import { createRequire } from 'node:module';
import { hostileDrill } from './hostile.mjs';
import { malformedRequests } from './malformed.mjs';

const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const ONLY = process.env.DRILLS_ONLY ? new Set(process.env.DRILLS_ONLY.split(',').map(Number)) : null;
const TOOLS = 2_000;
const PASSWORD = 'Motdepasse-2026!';

const results = [];
const record = (drill, target, measured, pass, details = []) => {
  results.push({ drill, target, measured, pass, details });
  log(`drill ${drill}: ${pass === null ? 'NOT RUN' : pass ? 'PASS' : 'FAIL'} — ${measured}`);
};

/** Runs `fn` over `items` with at most `n` in flight. */
async function pool(items, n, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  }));
  return out;
}

async function signUp(apiUrl, mail) {
  const started = Date.now();
  try {
    const res = await fetch(`${apiUrl}/api/user/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lastName: 'Exercice', firstName: 'Camille', mail, password: PASSWORD, passwordConfirm: PASSWORD }),
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, error: error.message, ms: Date.now() - started };
  }
}

/** Mails per recipient, for the given addresses. */
async function mailCounts(maildev, addresses) {
  const wanted = new Set(addresses);
  const counts = new Map(addresses.map((a) => [a, 0]));
  for (const mail of await maildev.all()) {
    for (const to of mail.to ?? []) {
      const address = to.address?.toLowerCase();
      if (wanted.has(address)) counts.set(address, counts.get(address) + 1);
    }
  }
  const values = [...counts.values()];
  return { delivered: values.filter((v) => v > 0).length, twice: values.filter((v) => v > 1).length, total: values.reduce((a, b) => a + b, 0) };
}

async function waitForMails(maildev, addresses, timeoutMs) {
  const started = Date.now();
  for (;;) {
    const c = await mailCounts(maildev, addresses);
    if (c.delivered === addresses.length || Date.now() - started > timeoutMs) return { ...c, ms: Date.now() - started };
    await sleep(250);
  }
}

const statusSummary = (statuses) => Object.entries(statuses).map(([s, n]) => `${s}×${n}`).join(' ');

async function main() {
  const startedAt = new Date();
  const loadBefore = machine().load;
  ensureBuilt(['cli', 'api', 'worker']);
  const bundles = snapshotBundles(['cli', 'api', 'worker']);
  const commit = gitCommit();

  const db = await createScratchDatabase('drills', bundles.cli);
  const storageDir = scratchDir('drills-storage');
  const { fileSize, imageSize } = writeStorageFiles(storageDir);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  client.on('error', () => undefined); // drill 2 restarts PostgreSQL under this connection
  await seedTaxonomy(client);
  await seedTools(client, 1, TOOLS, fileSize, imageSize);
  await client.query('VACUUM ANALYZE');
  const admin = await insertUserWithSession(client, { email: `admin-drills-${randomBytes(3).toString('hex')}@example.com`, isAdmin: true });
  const member = await insertUserWithSession(client, { email: `membre-drills-${randomBytes(3).toString('hex')}@example.com` });
  const { rows: [refs] } = await client.query(`SELECT (SELECT min(id) FROM category) AS category_id, (SELECT min(id) FROM tool_type) AS type_id,
    (SELECT id FROM tool_image LIMIT 1) AS image_id`);
  await client.end();

  const redis = await privateRedis();
  const maildev = await startMaildev();
  const [apiPort, workerPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const env = productionEnv({
    databaseUrl: db.url, apiPort, apiUrl, webUrl: 'http://localhost:4200', workerPort, smtpUrl: maildev.url,
    redisUrl: redis.url, redisPrefix: 'drills', storageDir,
  });
  const logDir = join(ROOT, 'tmp/drills-logs');
  const api = nodeProcess('api', bundles.api, env, logDir);
  const worker = nodeProcess('worker', bundles.worker, env, logDir);
  api.start();
  worker.start();
  await waitForHttp(`${apiUrl}/health`, api, 60_000);
  await waitForHttp(`http://127.0.0.1:${workerPort}/health`, worker, 60_000, () => true).catch(() => log('worker has no /health answer; going on'));
  log(`stack up: API ${apiUrl} (pid ${api.child.pid}), worker pid ${worker.child.pid}, private Redis :${redis.port}, MailDev ${maildev.webUrl}`);

  const randomRead = (req) => {
    const r = Math.random();
    const path = r < 0.4 ? `/api/tools?page=${1 + Math.floor(Math.random() * 50)}`
      : r < 0.55 ? `/api/tools?categories%5B%5D=${refs.category_id}&page=${1 + Math.floor(Math.random() * 5)}`
      : r < 0.6 ? `/api/tools?q=${encodeURIComponent('facture')}`
      : `/tools/outil-${1 + Math.floor(Math.random() * TOOLS)}`;
    return { ...req, path };
  };
  const readRequests = { requests: [{ path: '/api/tools', setupRequest: randomRead }] };

  // --- 1. 200 connections for 60 s ------------------------------------------------------------
  if (!ONLY || ONLY.has(1)) {
    const connections = num('DRILL1_CONNECTIONS', 200);
    const duration = num('DRILL1_DURATION', 60);
    const r = await load({ url: apiUrl, connections, duration, timeout: 10, ...readRequests });
    record(1, `${connections} connections × ${duration} s on listing and sheets: 0 5xx`,
      `${r.total} requests, ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; 5xx ${r.fivexx}, socket errors ${r.errors}, timeouts ${r.timeouts} (${statusSummary(r.statuses)})`,
      r.fivexx === 0 && r.errors === 0 && r.timeouts === 0);
  }

  // --- 2. PostgreSQL restarted during load -----------------------------------------------------
  if (!ONLY || ONLY.has(2)) {
    if (process.env.DRILL2_PG_RESTART === 'false') {
      record(2, 'PostgreSQL restart', 'skipped (DRILL2_PG_RESTART=false)', null);
    } else {
      const apiPid = api.child.pid;
      const probes = [];
      let probing = true;
      const prober = (async () => {
        while (probing) {
          const t = Date.now();
          try {
            const res = await fetch(`${apiUrl}/api/tools?page=2`, { signal: AbortSignal.timeout(15_000) });
            await res.arrayBuffer();
            probes.push({ t, end: Date.now(), status: res.status });
          } catch (error) {
            probes.push({ t, end: Date.now(), status: 0, error: error.name === 'TimeoutError' ? 'hung 15 s' : error.message });
          }
          await sleep(100);
        }
      })();
      const loadRun = load({ url: apiUrl, connections: 20, duration: 25, timeout: 10, ...readRequests });
      await sleep(5_000);
      const cluster = readdirSync('/etc/postgresql')[0];
      log(`drill 2: restarting PostgreSQL ${cluster}/main (shared server, a few seconds)…`);
      const restartStart = Date.now();
      const code = await new Promise((r) => {
        const p = spawn('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', 'restart'], { stdio: ['ignore', 'inherit', 'inherit'] });
        p.on('exit', r);
        p.on('error', () => r(-1));
      });
      const restartEnd = Date.now();
      log(`drill 2: pg_ctlcluster restart exited ${code} after ${restartEnd - restartStart} ms`);
      const r = await loadRun;
      probing = false;
      await prober;
      const firstFailure = probes.find((p) => p.t >= restartStart - 200 && p.status !== 200);
      const firstOkAfter = probes.find((p) => p.t >= restartEnd && p.status === 200);
      const recovery = firstOkAfter ? (firstOkAfter.end - restartEnd) / 1000 : null;
      const outage = firstFailure && firstOkAfter ? (firstOkAfter.end - firstFailure.t) / 1000 : 0;
      const hung = probes.filter((p) => p.error === 'hung 15 s').length;
      const sameProcess = api.child.pid === apiPid && api.child.exitCode === null;
      const failedProbes = probes.filter((p) => p.status !== 200);
      record(2, 'PostgreSQL restarted under 20 connections: API answers again ≤ 5 s after PostgreSQL is back, no restart of the API, no request hangs',
        `restart took ${((restartEnd - restartStart) / 1000).toFixed(1)} s; first 200 ${recovery === null ? 'never' : `${recovery.toFixed(1)} s`} after it; ` +
        `outage seen by probes ${outage.toFixed(1)} s (${failedProbes.length} failed probes: ${[...new Set(failedProbes.map((p) => p.status || p.error))].join(', ') || '—'}); ` +
        `load: ${r.total} requests (${statusSummary(r.statuses)}), timeouts ${r.timeouts}, socket errors ${r.errors}, max latency ${r.max} ms; hung probes ${hung}; API pid unchanged: ${sameProcess}`,
        code === 0 && recovery !== null && recovery <= 5 && hung === 0 && r.timeouts === 0 && sameProcess);
    }
  }

  // --- 3. Redis unreachable during 50 sign-ups ----------------------------------------------------
  if (!ONLY || ONLY.has(3)) {
    const addresses = Array.from({ length: 50 }, (_, i) => `exercice3-${i}-${randomBytes(3).toString('hex')}@example.com`);
    const workerPid = worker.child.pid;
    await redis.stop();
    log('drill 3: private Redis stopped; 50 sign-ups…');
    const t0 = Date.now();
    const answers = await pool(addresses, 5, (mail) => signUp(apiUrl, mail));
    const signupSeconds = (Date.now() - t0) / 1000;
    await sleep(3_000);
    const during = await mailCounts(maildev, addresses);
    await redis.start();
    log('drill 3: Redis back; waiting for the mails…');
    const after = await waitForMails(maildev, addresses, 120_000);
    await sleep(5_000); // a late duplicate would show up here
    const final = await mailCounts(maildev, addresses);
    const ok = answers.filter((a) => a.status === 200).length;
    const statuses = answers.reduce((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
    const workerAlive = worker.child.pid === workerPid && worker.child.exitCode === null;
    record(3, 'Redis unreachable during 50 sign-ups, then back: 50 activation mails delivered, none twice',
      `sign-ups ${statusSummary(statuses)} in ${signupSeconds.toFixed(1)} s (slowest ${Math.max(...answers.map((a) => a.ms))} ms); mails while Redis was down ${during.delivered}; ` +
      `after Redis came back: ${final.delivered}/50 delivered in ${(after.ms / 1000).toFixed(1)} s, ${final.twice} twice; worker kept running: ${workerAlive}`,
      ok === 50 && final.delivered === 50 && final.twice === 0);
  }

  // --- 4. worker killed during a batch of mails -------------------------------------------------------
  if (!ONLY || ONLY.has(4)) {
    const batch = num('DRILL4_BATCH', 120);
    const addresses = Array.from({ length: batch }, (_, i) => `exercice4-${i}-${randomBytes(3).toString('hex')}@example.com`);
    // The batch piles up while the worker is stopped, then the worker starts on it and is killed.
    await worker.stop('SIGTERM');
    const answers = await pool(addresses, 6, (mail) => signUp(apiUrl, mail));
    const accepted = answers.filter((a) => a.status === 200).length;
    worker.start();
    let before = { delivered: 0 };
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      before = await mailCounts(maildev, addresses);
      if (before.delivered >= 3) break;
      await sleep(20);
    }
    worker.child.expectedExit = true;
    worker.child.kill('SIGKILL');
    await new Promise((r) => (worker.child.exitCode !== null || worker.child.signalCode ? r() : worker.child.once('exit', r)));
    const atKill = await mailCounts(maildev, addresses);
    log(`drill 4: worker SIGKILLed with ${atKill.delivered}/${batch} mails delivered; restarting it in 2 s`);
    await sleep(2_000);
    worker.start();
    const after = await waitForMails(maildev, addresses, 120_000);
    await sleep(3_000);
    const final = await mailCounts(maildev, addresses);
    const inconclusive = atKill.delivered >= batch;
    record(4, `worker SIGKILLed during a batch of ${batch} mails: all delivered after it restarts, none lost`,
      `${accepted}/${batch} sign-ups accepted; killed with ${atKill.delivered}/${batch} delivered; after restart ${final.delivered}/${batch} delivered ` +
      `(${(after.ms / 1000).toFixed(1)} s after the restart), ${batch - final.delivered} lost, ${final.twice} delivered twice${inconclusive ? ' — INCONCLUSIVE: the batch was done before the kill' : ''}`,
      inconclusive ? null : accepted === batch && final.delivered === batch);
  }

  // --- 5. 1 000 malformed requests -------------------------------------------------------------------
  if (!ONLY || ONLY.has(5)) {
    const count = num('DRILL5_COUNT', 1000);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    await waitOutboxQuiet(c);
    const before = await checksums(c);
    const requests = malformedRequests({
      member: { ...member, headers: member.headers }, admin, toolId: 7, typeId: refs.type_id, categoryId: refs.category_id, imageId: refs.image_id,
    }, count);
    const outcomes = await pool(requests, 8, (req) => send(apiUrl, req));
    await sleep(2_000); // anything a request queued (mails…) has time to land
    await waitOutboxQuiet(c);
    const after = await checksums(c);
    await c.end();
    const byClass = {};
    const fiveXx = [];
    const accepted = new Map();
    for (const [i, o] of outcomes.entries()) {
      const cls = o.status === 0 ? `no answer (${o.error})` : `${String(o.status)[0]}xx`;
      byClass[cls] = (byClass[cls] ?? 0) + 1;
      if (o.status >= 500) {
        const q = requests[i];
        const ct = q.headers?.['content-type'] ?? (q.body instanceof FormData ? 'multipart (FormData)' : 'none');
        fiveXx.push(`${q.label} → ${o.status} (${q.raw ? JSON.stringify(q.raw.slice(0, 60)) : `${q.method} ${q.path.slice(0, 60)}, content-type ${ct}`})`);
      }
      if (o.status >= 200 && o.status < 300) accepted.set(requests[i].label, (accepted.get(requests[i].label) ?? 0) + 1);
    }
    const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
    const health = await fetch(`${apiUrl}/api/tools`).then((r) => r.status).catch(() => 0);
    const statusesByLabel = {};
    for (const [i, o] of outcomes.entries()) {
      const l = requests[i].label;
      statusesByLabel[l] ??= {};
      statusesByLabel[l][o.status || 'none'] = (statusesByLabel[l][o.status || 'none'] ?? 0) + 1;
    }
    record(5, `${count} malformed requests across every endpoint: 0 5xx, no row changed`,
      `${Object.entries(byClass).map(([k, v]) => `${k} ${v}`).join(', ')}; tables changed: ${changed.join(', ') || 'none'}; ` +
      `2xx answers: ${[...accepted].map(([l, n]) => `${l} ×${n}`).join('; ') || 'none'}; API healthy afterwards: ${health === 200}`,
      fiveXx.length === 0 && changed.length === 0 && health === 200,
      [
        ...(fiveXx.length ? [`5xx: ${[...new Set(fiveXx)].join('; ')}`] : []),
        ...Object.entries(statusesByLabel).map(([l, s]) => `${l}: ${statusSummary(s)}`),
      ]);
  }

  // --- 6. hostile input --------------------------------------------------------------------------
  if (!ONLY || ONLY.has(6)) {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const require = createRequire(import.meta.url);
    const argon2 = require('argon2');
    const owner = { email: `titulaire-drills-${randomBytes(3).toString('hex')}@example.com`, password: 'Titulaire-2026!' };
    await c.query(
      `INSERT INTO app_user (email, first_name, last_name, password_hash, activated_at, terms_accepted_at) VALUES ($1, 'Camille', 'Martin', $2, now(), now())`,
      [owner.email, await argon2.hash(owner.password, { type: argon2.argon2id })],
    );
    const hostilePort = await freePort();
    const hostileUrl = `http://127.0.0.1:${hostilePort}`;
    const hostile = nodeProcess('api-hostile', bundles.api, {
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
      apiUrl: hostileUrl, api: hostile, owner, knownEmail: owner.email, toolId: 11, form, sleep, logFile: hostile.logFile,
      downloadCount: async (id) => (await c.query(`SELECT download_count FROM tool WHERE id = $1`, [id])).rows[0].download_count,
      record: (drill, target, measured, pass) => record(drill, target, measured, pass),
    });
    await hostile.stop();
    await c.end();
  }

  const stats = { startedAt, commit, stamp: bundles.stamp, loadBefore, loadAfter: machine().load, duration: (Date.now() - startedAt.getTime()) / 1000 };
  const classic = results.filter((r) => typeof r.drill === 'number');
  const hostileResults = results.filter((r) => typeof r.drill === 'string');
  const report = classic.length ? renderReport(stats, classic) : '';
  const hostileReport = hostileResults.length ? renderReport(stats, hostileResults) : '';
  console.log(`\n${report}\n\n${hostileReport}\n`);
  if (process.env.DRILLS_WRITE_DOCS !== 'false') {
    if (report) writeDocs(report, 'drills');
    if (hostileReport) writeDocs(hostileReport, 'drills-hostile');
    log('written to docs/resilience.md');
  }
  if (results.some((r) => r.pass === false)) process.exitCode = 2;
}

/** Waits until no outbox row is waiting to be sent (a drill's mails are not "rows changing"). */
async function waitOutboxQuiet(c, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await c.query(`SELECT count(*)::int AS n FROM outbox_message WHERE sent_at IS NULL`);
    if (rows[0].n === 0) return;
    await sleep(500);
  }
}

/**
 * A checksum per key table: its rows in primary-key order, hashed. Columns that legitimately
 * move without any data change are left out (session use time, outbox delivery bookkeeping).
 */
async function checksums(c) {
  const tables = {
    app_user: 'SELECT * FROM app_user ORDER BY id',
    auth_session: 'SELECT id, user_id, token_hash, created_at FROM auth_session ORDER BY id',
    one_time_token: 'SELECT * FROM one_time_token ORDER BY id',
    outbox_message: 'SELECT id, job_name, created_at FROM outbox_message ORDER BY id',
    tool: 'SELECT id, slug, name, description, goal, people, duration, type_id, category_id, difficulty, file_key, file_name, file_mime, file_size, is_featured, download_count, created_at, updated_at FROM tool ORDER BY id',
    tool_image: 'SELECT * FROM tool_image ORDER BY id',
    tool_slug_history: 'SELECT * FROM tool_slug_history ORDER BY slug',
    favorite: 'SELECT * FROM favorite ORDER BY user_id, tool_id',
    download_log: 'SELECT * FROM download_log ORDER BY id',
    newsletter_subscriber: 'SELECT * FROM newsletter_subscriber ORDER BY id',
    category: 'SELECT * FROM category ORDER BY id',
    tool_type: 'SELECT * FROM tool_type ORDER BY id',
    activity_area: 'SELECT * FROM activity_area ORDER BY id',
  };
  const out = {};
  for (const [name, sql] of Object.entries(tables)) {
    const { rows } = await c.query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|'), '')) AS h FROM (${sql}) x`);
    out[name] = `${rows[0].n}:${rows[0].h}`;
  }
  return out;
}

/** One request of drill 5; raw ones go through a socket. Returns { status, error }. */
async function send(apiUrl, req) {
  if (req.raw) return sendRaw(apiUrl, req.raw);
  try {
    // fetch only sends Latin-1 header values; the rest is replaced (a real client could not send it either).
    const headers = Object.fromEntries(Object.entries(req.headers ?? {}).map(([k, v]) => [k, String(v).replace(/[^\t\x20-\x7e\xa0-\xff]/g, '?')]));
    const res = await fetch(`${apiUrl}${req.path}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body,
      signal: AbortSignal.timeout(20_000),
      redirect: 'manual',
    });
    await res.arrayBuffer();
    return { status: res.status };
  } catch (error) {
    return { status: 0, error: error.name === 'TimeoutError' ? 'timeout' : error.cause?.code ?? error.message };
  }
}

function sendRaw(apiUrl, raw) {
  const { hostname, port } = new URL(apiUrl);
  return new Promise((resolve) => {
    let data = '';
    const socket = net.connect({ host: hostname, port: Number(port) }, () => socket.write(raw));
    const done = (out) => {
      socket.destroy();
      resolve(out);
    };
    socket.setTimeout(5_000, () => done({ status: 0, error: 'timeout' }));
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(data);
      if (m) done({ status: Number(m[1]) });
    });
    socket.on('error', (e) => done({ status: 0, error: e.code ?? e.message }));
    socket.on('end', () => done(data ? { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1] ?? 0) } : { status: 0, error: 'closed without answer' }));
  });
}

function renderReport(r, results) {
  const m = machine();
  const lines = [];
  lines.push(`Run of ${r.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${r.commit}, bundles built ${r.stamp.api} UTC (API) / ${r.stamp.worker} UTC (worker)${process.env.BENCH_DIST ? ` from BENCH_DIST=${process.env.BENCH_DIST}` : ''}.`);
  lines.push('');
  lines.push(`Machine: ${m.cores} cores (${m.cpu}), ${m.memory} RAM, ${m.pgVersion}, Node ${m.node}; load average before/after ${r.loadBefore} / ${r.loadAfter} (shared with other engineers' test runs). Whole run: ${Math.round(r.duration)} s.`);
  lines.push('');
  lines.push(table(['#', 'drill and target', 'measured', 'verdict'], results.map((x) => [x.drill, x.target, x.measured, x.pass === null ? 'not run' : x.pass ? 'pass' : '**FAIL**'])));
  lines.push('');
  for (const x of results.filter((y) => y.details.length)) {
    lines.push(`<details><summary>Drill ${x.drill}: answers per kind of request</summary>`);
    lines.push('');
    for (const d of x.details) lines.push(`- ${d}`);
    lines.push('');
    lines.push('</details>');
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

function writeDocs(report, name) {
  writeDocsSection(join(ROOT, 'docs/resilience.md'), { name, title: 'Resilience', command: 'drills', script: 'tools/drills/run.mjs' }, report);
}

main()
  .then(() => cleanupAll())
  .then(() => process.exit(process.exitCode ?? 0))
  .catch(async (error) => {
    console.error(error?.stack ?? error);
    await cleanupAll();
    process.exit(1);
  });
