// @ts-check
// `npm run rehearsal -- --measure`: figures of the rehearsed topology, written to docs/scaling.md
// (section "rehearsal-measures").
//   1. Public reads through the gateway with one API process in rotation, then two, alternated in
//      slices (so that background load falls on both alike): as a guest (the micro-cache answers
//      most) and as a signed-in member (every read reaches an API process).
//   2. PostgreSQL connections of the run's database while the two processes are loaded.
//   3. The ZIP of a 50-tool folder (REHEARSAL_ZIP_FILE_MB each, 4 by default) streamed by an API
//      process reading the S3 server, against one reading the same files on disk.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { load, summarize } from '../bench/lib/load.mjs';
import { writeDocsSection } from '../lib/docs-section.mjs';
import { log } from '../lib/log.mjs';
import { machine, table } from '../lib/machine.mjs';
import { freePort } from '../lib/ports.mjs';
import { nodeProcess, ROOT, waitForHttp } from '../lib/processes.mjs';
import { scratchDir } from '../lib/scratch.mjs';
import { BUCKET, S3_KEYS } from './topology.mjs';

const num = (/** @type {string} */ name, /** @type {number} */ fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const MB = 1024 * 1024;

/** @param {import('./topology.mjs').Topology} t @param {{ seconds: number, slices: number, connections: number }} settings */
async function oneVersusTwo(t, { seconds, slices, connections }) {
  const second = t.apis[1].port;
  /** @param {object} req @param {boolean} member */
  const read = (req, member) => {
    const r = Math.random();
    const path = r < 0.5 ? `/api/tools?page=${1 + Math.floor(Math.random() * 20)}` : r < 0.6 ? '/api/filters' : `/tools/outil-${1 + Math.floor(Math.random() * 400)}`;
    return { ...req, path, headers: member ? t.admin.headers : {} };
  };
  /** @type {Record<string, import('../bench/lib/load.mjs').Run[]>} */
  const runs = { 'guest 1': [], 'guest 2': [], 'member 1': [], 'member 2': [] };
  /** @type {number[]} */
  const connectionsSeen = [];
  const client = new pg.Client({ connectionString: t.db.url });
  await client.connect();
  const sliceSeconds = Math.max(2, Math.round(seconds / slices));
  for (let i = 0; i < slices; i += 1) {
    for (const replicas of i % 2 === 0 ? [1, 2] : [2, 1]) {
      await t.gateway.setDown(replicas === 1 ? [second] : []);
      for (const member of [false, true]) {
        const sampler = setInterval(() => {
          if (replicas === 2 && member) void client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()').then((r) => connectionsSeen.push(r.rows[0].n), () => undefined);
        }, 250);
        const r = await load({ url: t.apiUrl, connections, duration: sliceSeconds, requests: [{ setupRequest: (/** @type {object} */ req) => read(req, member) }] });
        clearInterval(sampler);
        runs[`${member ? 'member' : 'guest'} ${replicas}`].push(...r.runs);
      }
    }
  }
  await t.gateway.setDown([]);
  const { rows: [{ max }] } = await client.query('SHOW max_connections').then((r) => ({ rows: [{ max: r.rows[0].max_connections }] }));
  await client.end();
  const s = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, summarize(v, k)]));
  return { s, connections: { max: Math.max(0, ...connectionsSeen), median: connectionsSeen.sort((a, b) => a - b)[Math.floor(connectionsSeen.length / 2)] ?? 0, serverMax: max } };
}

/** @param {import('./topology.mjs').Topology} t */
async function zipS3VersusDisk(t) {
  const tools = 50;
  const fileMb = num('REHEARSAL_ZIP_FILE_MB', 4);
  const keys = Array.from({ length: tools }, (_, i) => `tools/files/repetition-zip-${i}.pdf`);
  const diskDir = scratchDir('rehearsal-zip-disk');
  const s3 = new S3Client({ region: 'fr-par', endpoint: t.s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: S3_KEYS.id, secretAccessKey: S3_KEYS.secret } });
  for (const key of keys) {
    const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(fileMb * MB)]);
    mkdirSync(dirname(join(diskDir, key)), { recursive: true });
    writeFileSync(join(diskDir, key), body);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));
  }
  s3.destroy();
  const client = new pg.Client({ connectionString: t.db.url });
  await client.connect();
  const { rows: toolRows } = await client.query(
    `INSERT INTO tool (slug, name, description, type_id, category_id, file_key, file_name, file_mime, file_size)
     SELECT 'repetition-zip-' || g, 'Outil volumineux n° ' || g, 'Un gros fichier.', $1, $2, 'tools/files/repetition-zip-' || (g - 1) || '.pdf',
            'outil-' || g || '.pdf', 'application/pdf', $3 FROM generate_series(1, ${tools}) g RETURNING id`,
    [t.refs.type_id, t.refs.category_id, fileMb * MB + 9],
  );
  const { rows: [folder] } = await client.query(`INSERT INTO tool_folder (user_id, name) VALUES ($1, 'Dossier volumineux') RETURNING id`, [t.admin.id]);
  await client.query(`INSERT INTO tool_folder_item (folder_id, tool_id, tool_name, position) SELECT $1, id, 'Outil', row_number() OVER (ORDER BY id) FROM unnest($2::int[]) id`, [folder.id, toolRows.map((r) => r.id)]);
  await client.end();
  // A third API process, on disk, same database and secrets.
  const diskPort = await freePort();
  const env = { ...t.apiEnv, API_PORT: String(diskPort), STORAGE_DRIVER: 'disk', STORAGE_DIR: diskDir };
  const diskApi = nodeProcess('api-disk', t.bundles.api, env, t.logDir);
  diskApi.start();
  await waitForHttp(`http://127.0.0.1:${diskPort}/health`, diskApi, 60_000);
  /** @param {string} base */
  const zipOnce = async (base) => {
    const link = await fetch(`${base}/api/folders/${folder.id}/download`, { headers: t.admin.headers });
    const url = new URL((await link.json()).url);
    const started = process.hrtime.bigint();
    const res = await fetch(`${base}${url.pathname}${url.search}`);
    let bytes = 0;
    for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (res.body))) bytes += chunk.length;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { status: res.status, bytes, seconds, mbps: bytes / MB / seconds };
  };
  /** @type {Record<string, Array<{ status: number, bytes: number, seconds: number, mbps: number }>>} */
  const runs = { s3: [], disk: [] };
  const s3Base = t.apis[1].url;
  const diskBase = `http://127.0.0.1:${diskPort}`;
  await zipOnce(s3Base);
  await zipOnce(diskBase);
  for (let i = 0; i < 3; i += 1) {
    for (const [k, base] of /** @type {Array<[string, string]>} */ (i % 2 === 0 ? [['s3', s3Base], ['disk', diskBase]] : [['disk', diskBase], ['s3', s3Base]])) runs[k].push(await zipOnce(base));
  }
  await diskApi.stop();
  const median = (/** @type {typeof runs.s3} */ r) => [...r].sort((a, b) => a.mbps - b.mbps)[1];
  return { tools, fileMb, s3: median(runs.s3), disk: median(runs.disk) };
}

/** @param {import('./topology.mjs').Topology} t */
export async function measureTopology(t) {
  const started = new Date();
  const loadBefore = machine().load;
  const connections = num('REHEARSAL_CONNECTIONS', 50);
  const seconds = num('REHEARSAL_SECONDS', 40);
  log(`measuring: public reads through the gateway, 1 vs 2 API processes (${connections} connections, ${seconds} s per setting)`);
  const reads = await oneVersusTwo(t, { seconds, slices: 4, connections });
  log('measuring: a 50-tool ZIP from the S3 server and from disk');
  const zip = await zipS3VersusDisk(t);
  const m = machine();
  const row = (/** @type {string} */ k) => { const x = reads.s[k]; return [k.replace(' 1', ', 1 API process').replace(' 2', ', 2 API processes'), Math.round(x.rps), x.p50, x.p99, Object.entries(x.statuses).map(([c, n]) => `${c}×${n}`).join(' '), `${x.errors} / ${x.timeouts}`]; };
  const ratio = (/** @type {string} */ who) => (reads.s[`${who} 2`].rps / reads.s[`${who} 1`].rps).toFixed(2);
  const report = [
    `Run of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on the rehearsed topology (\`npm run rehearsal -- --measure\`). Machine: ${m.cores} cores (${m.cpu}), ${m.memory} RAM, Node ${m.node}; load average before/after ${loadBefore} / ${machine().load} (shared with other engineers' runs).`,
    '',
    `**Public reads through the gateway** (${connections} connections, ${seconds} s per line in ${4} alternated slices; listing pages, filters, sheets of 500 tools):`,
    '',
    table(['reads', 'req/s', 'p50 ms', 'p99 ms', 'answers', 'errors / timeouts'], ['guest 1', 'guest 2', 'member 1', 'member 2'].map(row)),
    '',
    `Two API processes against one: ×${ratio('guest')} as a guest, ×${ratio('member')} as a member. ` +
    `PostgreSQL connections of the database while both processes were loaded as members: median ${reads.connections.median}, at most ${reads.connections.max} (server \`max_connections\` ${reads.connections.serverMax}; 2 API × pool 10 + 2 workers × 5 allowed).`,
    '',
    `**ZIP of a ${zip.tools}-tool folder** (${zip.fileMb} MB per file, ${(zip.s3.bytes / MB).toFixed(0)} MB in all; median of 3 alternated runs): from the S3 server ${zip.s3.mbps.toFixed(0)} MB/s (${zip.s3.seconds.toFixed(1)} s), from disk ${zip.disk.mbps.toFixed(0)} MB/s (${zip.disk.seconds.toFixed(1)} s): S3 ÷ disk = ${(zip.s3.mbps / zip.disk.mbps).toFixed(2)}.`,
  ].join('\n');
  console.log(`\n${report}\n`);
  if (process.env.REHEARSAL_WRITE_DOCS !== 'false') {
    writeDocsSection(join(ROOT, 'docs/scaling.md'), { name: 'rehearsal-measures', title: 'Running Outils on several machines', command: 'rehearsal -- --measure', script: 'tools/rehearsal/measure.mjs' }, report);
    log('written to docs/scaling.md');
  }
}
