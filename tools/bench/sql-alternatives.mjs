#!/usr/bin/env node
// @ts-check
// `node tools/bench/sql-alternatives.mjs`: the listing's SQL next to the alternatives that
// docs/performance.md recommends, timed on a quiet scratch database of 100 000 tools (median of 5,
// single client, no load). Evidence for the catalogue's owners; not part of `npm run bench`.
import { join } from 'node:path';
import pg from 'pg';
import { DIST, ensureBuilt } from '../lib/builds.mjs';
import { cleanupAll } from '../lib/cleanup.mjs';
import { createScratchDatabase } from '../lib/scratch.mjs';
import { requireTs } from '../lib/typescript.mjs';
import { seedTaxonomy, seedTools } from './lib/seed.mjs';

// The listing's columns and joins as the API writes them (its repository, not a copy).
/** @type {typeof import('../../apps/api/src/modules/tools/tools.repository.js')} */
const { TOOL_COLUMNS, TOOL_FROM } = /** @type {any} */ (requireTs(new URL('../../apps/api/src/modules/tools/tools.repository.ts', import.meta.url)));

const TOOLS = Number(process.env.BENCH_TOOLS ?? 100_000);
const OFFSET = Math.floor(TOOLS / 12 * 0.48) * 12 - 12;
const Q = (/** @type {string} */ text) => `websearch_to_tsquery('public.french_unaccent', '${text}')`;
const CASES = [
  ['listing page 1 — page query (as is)', `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} ORDER BY t.created_at DESC, t.id DESC LIMIT 12`],
  ['listing — count (as is)', `SELECT count(*) FROM tool t`],
  ['listing — count capped at 10 001', `SELECT count(*) FROM (SELECT 1 FROM tool t LIMIT 10001) x`],
  ['difficulty — count (as is)', `SELECT count(*) FROM tool t WHERE t.difficulty = ANY('{Moyen}')`],
  [`deep page (OFFSET ${OFFSET}) — as is`, `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} ORDER BY t.created_at DESC, t.id DESC LIMIT 12 OFFSET ${OFFSET}`],
  [`deep page (OFFSET ${OFFSET}) — deferred join`, `SELECT ${TOOL_COLUMNS} FROM (SELECT id FROM tool ORDER BY created_at DESC, id DESC LIMIT 12 OFFSET ${OFFSET}) p
     JOIN tool t ON t.id = p.id JOIN tool_type ty ON ty.id = t.type_id JOIN category c ON c.id = t.category_id ORDER BY t.created_at DESC, t.id DESC`],
  ['search "facture" — page query (as is, ts_rank_cd)', `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE t.search_vector @@ ${Q('facture')}
     ORDER BY ts_rank_cd(t.search_vector, ${Q('facture')}) DESC, t.created_at DESC, t.id DESC LIMIT 12`],
  ['search "facture" — ranked with ts_rank', `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE t.search_vector @@ ${Q('facture')}
     ORDER BY ts_rank(t.search_vector, ${Q('facture')}) DESC, t.created_at DESC, t.id DESC LIMIT 12`],
  ['search "facture" — count (as is)', `SELECT count(*) FROM tool t WHERE t.search_vector @@ ${Q('facture')}`],
  ['search "modèle RGPD" — page query (as is)', `SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE t.search_vector @@ ${Q('modèle RGPD')}
     ORDER BY ts_rank_cd(t.search_vector, ${Q('modèle RGPD')}) DESC, t.created_at DESC, t.id DESC LIMIT 12`],
];

async function main() {
  ensureBuilt(['cli']);
  const db = await createScratchDatabase('bench_sql', join(DIST, 'apps/cli/main.js'));
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await seedTaxonomy(client);
    await seedTools(client, 1, TOOLS, 300, 70);
    await client.query('VACUUM ANALYZE');
    const { rows: [m] } = await client.query(`SELECT count(*) FILTER (WHERE search_vector @@ ${Q('facture')})::int AS f,
      count(*) FILTER (WHERE search_vector @@ ${Q('modèle RGPD')})::int AS r FROM tool`);
    console.log(`${TOOLS} tools; "facture" matches ${m.f}, "modèle RGPD" ${m.r}.\n`);
    console.log('| query | median ms | min ms |\n|---|---|---|');
    for (const [label, sql] of CASES) {
      const times = [];
      for (let i = 0; i < 5; i += 1) {
        const t = process.hrtime.bigint();
        await client.query(sql);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      times.sort((a, b) => a - b);
      console.log(`| ${label} | ${times[2].toFixed(1)} | ${times[0].toFixed(1)} |`);
    }
  } finally {
    await client.end();
  }
}

main().then(cleanupAll, async (error) => {
  console.error(error);
  await cleanupAll();
  process.exitCode = 1;
});
