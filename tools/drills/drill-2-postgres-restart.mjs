// @ts-check
// Drill 2: PostgreSQL restarted under 20 connections: the API answers again within 5 s after
// PostgreSQL is back, without a restart of its own; no request hangs (autocannon timeout 10 s,
// probes abort at 15 s). The server restarted is the drills' own embedded PostgreSQL (stack.mjs),
// never a server they did not start: with DRILLS_DATABASE_ADMIN_URL, or without the embedded
// binaries, the drill is skipped and says why. DRILL2_PG_RESTART=false skips it too.
import { load } from '../bench/lib/load.mjs';
import { log } from '../lib/log.mjs';
import { sleep } from '../lib/ports.mjs';
import { statusSummary } from './lib.mjs';

/** @param {import('./stack.mjs').DrillStack} stack @param {import('./stack.mjs').Record} record */
export async function drillPostgresRestart({ apiUrl, api, postgres, readRequests }, record) {
  if (process.env.DRILL2_PG_RESTART === 'false') {
    record(2, 'PostgreSQL restart', 'skipped (DRILL2_PG_RESTART=false)', null);
  } else if (!postgres.server) {
    record(2, 'PostgreSQL restart', `skipped: ${postgres.why}; the drills restart only a PostgreSQL server they started`, null);
  } else {
    const server = postgres.server;
    const apiPid = api.child?.pid;
    /** @type {Array<{ t: number, end: number, status: number, error?: string }>} */
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
          probes.push({ t, end: Date.now(), status: 0, error: /** @type {Error} */ (error).name === 'TimeoutError' ? 'hung 15 s' : /** @type {Error} */ (error).message });
        }
        await sleep(100);
      }
    })();
    const loadRun = load({ url: apiUrl, connections: 20, duration: 25, timeout: 10, ...readRequests });
    await sleep(5_000);
    log('drill 2: restarting the private PostgreSQL (fast shutdown, then start)…');
    const restartStart = Date.now();
    const code = await server.stop().then(() => server.start()).then(() => 0, (error) => {
      log(`drill 2: restart failed: ${error.message}`);
      return 1;
    });
    const restartEnd = Date.now();
    log(`drill 2: restart ${code === 0 ? 'done' : 'FAILED'} after ${restartEnd - restartStart} ms`);
    const r = await loadRun;
    probing = false;
    await prober;
    const firstFailure = probes.find((p) => p.t >= restartStart - 200 && p.status !== 200);
    const firstOkAfter = probes.find((p) => p.t >= restartEnd && p.status === 200);
    const recovery = firstOkAfter ? (firstOkAfter.end - restartEnd) / 1000 : null;
    const outage = firstFailure && firstOkAfter ? (firstOkAfter.end - firstFailure.t) / 1000 : 0;
    const hung = probes.filter((p) => p.error === 'hung 15 s').length;
    const sameProcess = api.child?.pid === apiPid && api.child?.exitCode === null;
    const failedProbes = probes.filter((p) => p.status !== 200);
    record(2, 'PostgreSQL restarted under 20 connections: API answers again ≤ 5 s after PostgreSQL is back, no restart of the API, no request hangs',
      `restart took ${((restartEnd - restartStart) / 1000).toFixed(1)} s; first 200 ${recovery === null ? 'never' : `${recovery.toFixed(1)} s`} after it; ` +
      `outage seen by probes ${outage.toFixed(1)} s (${failedProbes.length} failed probes: ${[...new Set(failedProbes.map((p) => p.status || p.error))].join(', ') || '—'}); ` +
      `load: ${r.total} requests (${statusSummary(r.statuses)}), timeouts ${r.timeouts}, socket errors ${r.errors}, max latency ${r.max} ms; hung probes ${hung}; API pid unchanged: ${sameProcess}`,
      code === 0 && recovery !== null && recovery <= 5 && hung === 0 && r.timeouts === 0 && sameProcess);
  }
}
