#!/usr/bin/env node
// @ts-check
// `npm run drills`: the product's behaviour under load and faults, as measured facts.
//
// The built stack, all of it the drills' own and on free ports (stack.mjs): a private PostgreSQL
// (the embedded binaries, in a scratch folder), a scratch database (2 000 tools), the production
// API and worker bundles, MailDev (SMTP + REST API) and a private redis-server. No server the
// drills did not start is ever stopped or restarted.
//   1. 200 concurrent connections for 60 s on the listing and sheets: 0 5xx (drill-1-load.mjs).
//   2. PostgreSQL restarted during load: the API answers again within 5 s without a restart of
//      its own; no request hangs (drill-2-postgres-restart.mjs).
//   3. Redis unreachable during 50 sign-ups, then back: 50 activation mails, none twice.
//   4. The worker SIGKILLed during a batch of mails: every mail delivered after it restarts.
//   5. 1 000 malformed requests across every endpoint: 0 5xx and no row changed.
//   6. Hostile input, on an API process with rate limits on: anonymous 90 MB uploads, a lockout
//      attempt, 50 newsletter registrations from one IP, a tampered signed link, secrets in query
//      strings vs the log, answer times for known and unknown addresses (drill-6-hostile.mjs).
//   7. The production topology rehearsed (tools/rehearsal: nginx, 2 API, 2 workers, 2 web servers,
//      S3 server): load while processes are killed, cross-replica visibility, files across
//      processes, shared rate limits, readiness (drill-7-replicas.mjs, drill-7-load.mjs).
// Results printed and written to docs/resilience.md (drills 1–5 and drill 6 in sections of their
// own, so that `DRILLS_ONLY=6` rewrites only its own). `--help` lists the settings.
import { gitCommit } from '../lib/builds.mjs';
import { finish } from '../lib/cleanup.mjs';
import { log } from '../lib/log.mjs';
import { machine } from '../lib/machine.mjs';
import { drillLoad } from './drill-1-load.mjs';
import { drillPostgresRestart } from './drill-2-postgres-restart.mjs';
import { drillRedisDown } from './drill-3-redis-down.mjs';
import { drillWorkerKilled } from './drill-4-worker-killed.mjs';
import { drillMalformed } from './drill-5-malformed.mjs';
import { drillHostile } from './drill-6-hostile.mjs';
import { renderReport, writeDocs } from './report.mjs';
import { startDrillStack } from './stack.mjs';
import { drillTopologyLoad } from './drill-7-load.mjs';
import { drillCrossFiles, drillReadiness, drillSharedLimits, drillVisibility } from './drill-7-replicas.mjs';
import { startTopology } from '../rehearsal/topology.mjs';
import { useProjectNode } from '../lib/node-runtime.mjs';

await useProjectNode(); // the drills measure the Node the images run (docs/product/rules.md#R820)

const HELP = `npm run drills — behaviour under load and faults (written to docs/resilience.md)

Settings (environment):
  DRILLS_ONLY=1,3            which drills (1 load, 2 PostgreSQL restart, 3 Redis down, 4 worker killed,
                             5 malformed requests, 6 hostile input, 7 the rehearsed topology); all by default
  DRILL7_DURATION=60         seconds of drill 7a; DRILL7_CONNECTIONS=200; DRILL7_MAILS=40
  DRILL7_PARTS=bcdea         which parts of drill 7, in that order
  DRILL1_DURATION=60         seconds of drill 1; DRILL1_CONNECTIONS=200
  DRILL2_PG_RESTART=false    skip drill 2
  DRILL4_BATCH=120           mails in drill 4's batch
  DRILL5_COUNT=1000          requests of drill 5
  DRILLS_WRITE_DOCS=false    print only, do not rewrite docs/resilience.md
  DRILLS_DATABASE_ADMIN_URL  use this PostgreSQL server instead of a private embedded one (drill 2 is
                             then skipped: the drills restart only a server they started)
  BENCH_DIST / BENCH_BUILD   as for the bench (bundles built elsewhere / rebuild)
Every server listens on a free port; everything started is stopped at the end, even on failure.
Quick run: DRILLS_ONLY=6 DRILLS_WRITE_DOCS=false npm run drills`;

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(HELP);
  process.exit(0);
}

const ONLY = process.env.DRILLS_ONLY ? new Set(process.env.DRILLS_ONLY.split(',').map(Number)) : null;

/** @type {import('./report.mjs').Result[]} */
const results = [];
/** @type {import('./stack.mjs').Record} */
const record = (drill, target, measured, pass, details = []) => {
  results.push({ drill, target, measured, pass, details });
  log(`drill ${drill}: ${pass === null ? 'NOT RUN' : pass ? 'PASS' : 'FAIL'} — ${measured}`);
};

const DRILLS = [drillLoad, drillPostgresRestart, drillRedisDown, drillWorkerKilled, drillMalformed, drillHostile];

async function main() {
  /** @type {Record<string, string | undefined>} */
  let stamp = {};
  const startedAt = new Date();
  const loadBefore = machine().load;
  const commit = gitCommit();
  if (!ONLY || DRILLS.some((_, index) => ONLY.has(index + 1))) {
    const stack = await startDrillStack();
    for (const [index, drill] of DRILLS.entries()) {
      if (!ONLY || ONLY.has(index + 1)) await drill(stack, record);
    }
    stamp = stack.bundles.stamp;
  }
  if (!ONLY || ONLY.has(7)) {
    const topology = await startTopology({ tools: 500 });
    const stopWatching = topology.gateway.watchReadiness();
    const parts = process.env.DRILL7_PARTS ?? 'bcdea';
    const byPart = { a: drillTopologyLoad, b: drillVisibility, c: drillCrossFiles, d: drillSharedLimits, e: drillReadiness };
    for (const part of parts) await byPart[/** @type {keyof typeof byPart} */ (part)]?.(topology, record);
    stopWatching();
    stamp = topology.bundles.stamp;
  }

  const stats = { startedAt, commit, stamp, loadBefore, loadAfter: machine().load, duration: (Date.now() - startedAt.getTime()) / 1000 };
  const classic = results.filter((r) => typeof r.drill === 'number');
  const hostileResults = results.filter((r) => typeof r.drill === 'string' && r.drill.startsWith('6'));
  const topologyResults = results.filter((r) => typeof r.drill === 'string' && r.drill.startsWith('7'));
  const report = classic.length ? renderReport(stats, classic) : '';
  const hostileReport = hostileResults.length ? renderReport(stats, hostileResults) : '';
  const topologyReport = topologyResults.length ? renderReport(stats, topologyResults) : '';
  console.log(`\n${report}\n\n${hostileReport}\n\n${topologyReport}\n`);
  if (process.env.DRILLS_WRITE_DOCS !== 'false') {
    if (report) writeDocs(report, 'drills');
    if (hostileReport) writeDocs(hostileReport, 'drills-hostile');
    if (topologyReport) writeDocs(topologyReport, 'drills-topology');
    log('written to docs/resilience.md');
  }
  if (results.some((r) => r.pass === false)) process.exitCode = 2;
}

finish(main());
