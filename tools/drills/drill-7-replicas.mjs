// @ts-check
// Drills 7b–7e on the rehearsed topology (tools/rehearsal): what several processes must agree on.
//   7b. An admin edit through API process 1 is seen by API process 2 and in the page each web
//       server renders, and a scheduled tool appears on both at its time (delays measured).
//   7c. A file uploaded through API process 1 lands in the object store and is downloaded,
//       previewed and zipped through API process 2.
//   7d. The login budget of an (address, IP) is spent once across both processes.
//   7e. Readiness: API process 1's database, then its object store, taken away (its own fault
//       proxies): the gateway takes it out of rotation and back, and no client request fails.
import { randomBytes } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { sleep } from '../lib/ports.mjs';
import { statusSummary } from './lib.mjs';
import { clientAddress, count, delay, request, timeUntil } from './topology-lib.mjs';
import { S3_KEYS, BUCKET } from '../rehearsal/topology.mjs';

/** @typedef {import('../rehearsal/topology.mjs').Topology} Topology */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A multipart admin form sent to one API process. @param {Topology} t @param {string} base @param {string} path @param {Record<string, string>} fields @param {{ name: string, body: Buffer }} [file] */
async function adminForm(t, base, path, fields, file) {
  const form = new FormData();
  form.set('storedMail', t.admin.email);
  form.set('storedToken', t.admin.token);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('toolFile', new Blob([new Uint8Array(file.body)], { type: 'application/pdf' }), file.name);
  const res = await fetch(`${base}${path}`, { method: 'POST', body: form });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path} on ${base}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** @param {string} base @param {number} id */
const sheetName = async (base, id) => {
  const res = await request(`${base}/tools/${id}`);
  return res.status === 200 ? JSON.parse(res.body.toString()).tool?.name : null;
};

/** @param {Topology} t @param {import('./stack.mjs').Record} record */
export async function drillVisibility(t, record) {
  const [a, b] = t.apis.map((x) => x.url);
  const id = 450; // never read by the load: no copy of it in the gateway's micro-cache
  const name = `Outil renommé ${randomBytes(3).toString('hex')}`;
  // Web servers warmed up first (a process's first render loads the renderer: seconds, once).
  for (const w of t.webs) for (const n of [1, 2, 3]) await request(`${w.url}/toolspage/details/${n}`);
  await adminForm(t, a, '/admin/tools/update', { toolId: String(id), title: name, description: 'Renommé par la répétition.' });
  // Every delay below is counted from the moment API 1 answered the save.
  const [onA, onB, ...pages] = await Promise.all([
    timeUntil(async () => (await sheetName(a, id)) === name, { timeoutMs: 15_000 }),
    timeUntil(async () => (await sheetName(b, id)) === name, { timeoutMs: 15_000 }),
    ...t.webs.map((w) => timeUntil(async () => (await request(`${w.url}/toolspage/details/${id}`)).body.toString().includes(name), { timeoutMs: 15_000, everyMs: 50 })),
  ]);
  // A scheduled tool: created on A to go live in 5 s; when does each process list it?
  const publishAt = new Date(Date.now() + 5_000);
  const created = await adminForm(t, a, '/admin/tools/create', {
    title: `Outil programmé ${randomBytes(3).toString('hex')}`, description: 'Publié à son heure.', type: String(t.refs.type_id),
    category: String(t.refs.category_id), difficulty: 'Simple', publication: 'scheduled', publishAt: publishAt.toISOString().replace('Z', '+00:00'),
  }, { name: 'programme.pdf', body: PDF });
  const createdAt = Date.now();
  const beforeTime = await Promise.all([a, b].map(async (base) => (await request(`${base}/tools/${created.id}`)).status));
  // When each process first answers the sheet, counted from the publication time.
  const live = await Promise.all([a, b].map(async (base) => {
    const ms = await timeUntil(async () => (await request(`${base}/tools/${created.id}`)).status === 200, { timeoutMs: 20_000 });
    return ms === null ? null : Date.now() - publishAt.getTime();
  }));
  void createdAt;
  const worst = Math.max(...[onB, ...pages].map((ms) => (ms === null ? Infinity : ms)));
  record('7b', 'an admin edit through API 1 is seen through API 2 and in the pages of both web servers within 1 s; a scheduled tool appears on both at its time',
    `rename through API 1: API 1 ${delay(onA, 15_000)}, API 2 ${delay(onB, 15_000)}, web server 1 ${delay(pages[0], 15_000)}, web server 2 ${delay(pages[1], 15_000)}; ` +
    `scheduled tool (publication 5 s after its creation): before its time ${beforeTime.join('/')} on API 1/2; live on API 1 / API 2 ${live.map((ms) => (ms === null ? 'never' : `${(ms / 1000).toFixed(2)} s after its time`)).join(' / ')}`,
    worst <= 1_000 && beforeTime.every((s) => s === 404) && live.every((ms) => ms !== null && ms <= 1_000));
}

/** @param {Topology} t @param {import('./stack.mjs').Record} record */
export async function drillCrossFiles(t, record) {
  const [a, b] = t.apis.map((x) => x.url);
  // A drawable PDF of its own: 256 KB of random hex in a comment line after the header.
  const body = Buffer.concat([PDF.subarray(0, 9), Buffer.from(`%${randomBytes(128 * 1024).toString('hex')}\n`), PDF.subarray(9)]);
  const created = await adminForm(t, a, '/admin/tools/create', {
    title: `Téléversé sur l’API 1 ${randomBytes(3).toString('hex')}`, description: 'Téléchargé, prévisualisé et zippé par l’API 2.',
    type: String(t.refs.type_id), category: String(t.refs.category_id), difficulty: 'Simple',
  }, { name: 'televerse.pdf', body });
  const client = new pg.Client({ connectionString: t.db.url });
  await client.connect();
  const { rows: [row] } = await client.query('SELECT file_key FROM tool WHERE id = $1', [created.id]);
  await client.end();
  const s3 = new S3Client({ region: 'fr-par', endpoint: t.s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: S3_KEYS.id, secretAccessKey: S3_KEYS.secret } });
  const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: row.file_key }));
  const inStore = Buffer.from(await /** @type {any} */ (object.Body).transformToByteArray());
  s3.destroy();
  const link = await request(`${b}/tools/download?toolId=${created.id}`, { localAddress: clientAddress(3001) });
  const url = new URL(JSON.parse(link.body.toString()).url);
  const file = await request(`${b}${url.pathname}${url.search}`, { localAddress: clientAddress(3001) });
  // The preview is drawn by a worker from the stored file; then served by API 2.
  /** @type {string | null} */
  let previewSrc = null;
  const previewMs = await timeUntil(async () => {
    const sheet = await request(`${b}/tools/${created.id}`);
    previewSrc = sheet.status === 200 ? JSON.parse(sheet.body.toString()).tool?.preview?.src ?? null : null;
    return previewSrc !== null;
  }, { timeoutMs: 30_000, everyMs: 200 });
  const preview = previewSrc ? await request(new URL(previewSrc, b).toString().replace(new URL(previewSrc, b).origin, b)) : null;
  const folder = await request(`${a}/api/folders/create`, { method: 'POST', headers: t.admin.headers, json: { name: 'Dossier de la répétition', toolId: created.id } });
  const folderId = folder.status === 200 ? JSON.parse(folder.body.toString()).folder?.id : null;
  const zipLink = folderId ? await request(`${b}/api/folders/${folderId}/download`, { headers: t.admin.headers }) : null;
  const zipUrl = zipLink?.status === 200 ? new URL(JSON.parse(zipLink.body.toString()).url) : null;
  const zip = zipUrl ? await request(`${b}${zipUrl.pathname}${zipUrl.search}`, { localAddress: clientAddress(3002) }) : null;
  const zipHolds = zip ? zip.body.subarray(0, 2).toString() === 'PK' && zip.body.includes(Buffer.from('televerse')) : false;
  record('7c', 'a file uploaded through API 1 lands in the object store and is downloaded, previewed and zipped through API 2',
    `in the store: ${inStore.equals(body) ? 'same bytes' : 'DIFFERENT'} (${row.file_key}); download through API 2: ${file.status}, ${file.body.equals(body) ? 'same bytes' : 'DIFFERENT bytes'}; ` +
    `preview: ${previewMs === null ? 'none within 30 s' : `drawn ${delay(previewMs, 30_000)} after the upload, served by API 2: ${preview?.status} ${preview?.headers['content-type']}`}; ` +
    `ZIP through API 2: ${zip ? `${zip.status}, ${zip.body.length} bytes, holds the file: ${zipHolds}` : `no link (folder ${folder.status}, link ${zipLink?.status})`}`,
    inStore.equals(body) && file.status === 200 && file.body.equals(body) && preview?.status === 200 && zip?.status === 200 && zipHolds);
}

/** @param {Topology} t @param {import('./stack.mjs').Record} record */
export async function drillSharedLimits(t, record) {
  const localAddress = clientAddress(4001);
  /** @type {Record<string, number>} */
  const tally = {};
  const statuses = [];
  for (let i = 0; i < 14; i += 1) {
    const base = t.apis[i % 2].url;
    const res = await request(`${base}/api/login`, { method: 'POST', localAddress, json: { username: t.admin.email, password: 'Mauvais-2026!' } });
    statuses.push(res.status);
    count(tally, res.status);
  }
  const first429 = statuses.indexOf(429);
  record('7d', 'wrong passwords for one address from one IP, alternating API 1 and API 2: refused (429) after the budget of 10, not 20',
    `${statusSummary(tally)}; first 429 at attempt ${first429 + 1}`, first429 === 10);
}

/** @param {Topology} t @param {import('./stack.mjs').Record} record */
export async function drillReadiness(t, record) {
  const port = t.apis[0].port;
  /** @type {Record<string, number>} */
  const probes = {};
  let probing = true;
  const prober = (async () => {
    for (let i = 0; probing; i += 1) {
      const res = await request(`${t.apiUrl}/api/tools?page=${1 + (i % 20)}`, { headers: t.admin.headers, timeoutMs: 15_000 });
      count(probes, res.status);
      await sleep(20);
    }
  })();
  const out = () => timeUntil(async () => t.gateway.down().has(port), { timeoutMs: 20_000, everyMs: 50 });
  const back = () => timeUntil(async () => !t.gateway.down().has(port), { timeoutMs: 20_000, everyMs: 50 });
  await sleep(1_000);
  t.pgProxy.refuse();
  const dbOut = await out();
  await sleep(2_000);
  t.pgProxy.restore();
  const dbBack = await back();
  await sleep(1_000);
  t.s3Proxy.freeze();
  const s3Out = await out();
  await sleep(2_000);
  t.s3Proxy.restore();
  const s3Back = await back();
  await sleep(1_000);
  probing = false;
  await prober;
  const failed = Object.entries(probes).filter(([s]) => s !== '200').reduce((n, [, c]) => n + c, 0);
  record('7e', 'API 1’s database, then its object store, taken away: the gateway takes API 1 out of rotation and back; no client request fails meanwhile',
    `database refused: out of rotation after ${delay(dbOut, 20_000)}, back ${delay(dbBack, 20_000)} after it returned; object store frozen: out after ${delay(s3Out, 20_000)}, back ${delay(s3Back, 20_000)} after it returned; ` +
    `requests through the gateway meanwhile: ${statusSummary(probes)}`,
    dbOut !== null && dbBack !== null && s3Out !== null && s3Back !== null && failed === 0);
}
