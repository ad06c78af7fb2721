// @ts-check
// Drill 5: 1 000 malformed requests (DRILL5_COUNT) across every endpoint (malformed-requests.mjs):
// no 5xx, no row changed (a checksum per key table before and after), the API healthy afterwards.
import net from 'node:net';
import pg from 'pg';
import { sleep } from '../lib/ports.mjs';
import { num, pool, statusSummary } from './lib.mjs';
import { malformedRequests } from './malformed-requests.mjs';

/** @param {import('./stack.mjs').DrillStack} stack @param {import('./stack.mjs').Record} record */
export async function drillMalformed({ apiUrl, db, admin, member, refs }, record) {
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
  /** @type {Record<string, number>} */
  const byClass = {};
  /** @type {string[]} */
  const fiveXx = [];
  const accepted = new Map();
  for (const [i, o] of outcomes.entries()) {
    const cls = o.status === 0 ? `no answer (${o.error})` : `${String(o.status)[0]}xx`;
    byClass[cls] = (byClass[cls] ?? 0) + 1;
    if (o.status >= 500) {
      const q = /** @type {any} */ (requests[i]);
      const ct = q.headers?.['content-type'] ?? (q.body instanceof FormData ? 'multipart (FormData)' : 'none');
      fiveXx.push(`${q.label} → ${o.status} (${q.raw ? JSON.stringify(q.raw.slice(0, 60)) : `${q.method} ${q.path.slice(0, 60)}, content-type ${ct}`})`);
    }
    if (o.status >= 200 && o.status < 300) accepted.set(requests[i].label, (accepted.get(requests[i].label) ?? 0) + 1);
  }
  const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
  const health = await fetch(`${apiUrl}/api/tools`).then((r) => r.status).catch(() => 0);
  /** @type {Record<string, Record<string, number>>} */
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

/** Waits until no outbox row is waiting to be sent (a drill's mails are not "rows changing"). */
/** @param {pg.Client} c @param {number} [timeoutMs] */
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
/** @param {pg.Client} c @returns {Promise<Record<string, string>>} */
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
  /** @type {Record<string, string>} */
  const out = {};
  for (const [name, sql] of Object.entries(tables)) {
    const { rows } = await c.query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|'), '')) AS h FROM (${sql}) x`);
    out[name] = `${rows[0].n}:${rows[0].h}`;
  }
  return out;
}

/** One request of drill 5; raw ones go through a socket. Returns { status, error }. */
/** @param {string} apiUrl @param {any} req @returns {Promise<{ status: number, error?: string }>} */
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
    const e = /** @type {Error & { cause?: { code?: string } }} */ (error);
    return { status: 0, error: e.name === 'TimeoutError' ? 'timeout' : e.cause?.code ?? e.message };
  }
}

/** @param {string} apiUrl @param {string} raw @returns {Promise<{ status: number, error?: string }>} */
function sendRaw(apiUrl, raw) {
  const { hostname, port } = new URL(apiUrl);
  return new Promise((resolve) => {
    let data = '';
    const socket = net.connect({ host: hostname, port: Number(port) }, () => socket.write(raw));
    const done = (/** @type {{ status: number, error?: string }} */ out) => {
      socket.destroy();
      resolve(out);
    };
    socket.setTimeout(5_000, () => done({ status: 0, error: 'timeout' }));
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(data);
      if (m) done({ status: Number(m[1]) });
    });
    socket.on('error', (/** @type {NodeJS.ErrnoException} */ e) => done({ status: 0, error: e.code ?? e.message }));
    socket.on('end', () => done(data ? { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1] ?? 0) } : { status: 0, error: 'closed without answer' }));
  });
}
