// @ts-check
// Drill 1: 200 concurrent connections for 60 s on the listing and the sheets: no 5xx, no socket
// error, no timeout. Settings: DRILL1_CONNECTIONS (200), DRILL1_DURATION seconds (60).
import { load } from '../bench/lib/load.mjs';
import { num, statusSummary } from './lib.mjs';

/** @param {import('./stack.mjs').DrillStack} stack @param {import('./stack.mjs').Record} record */
export async function drillLoad({ apiUrl, readRequests }, record) {
  const connections = num('DRILL1_CONNECTIONS', 200);
  const duration = num('DRILL1_DURATION', 60);
  const r = await load({ url: apiUrl, connections, duration, timeout: 10, ...readRequests });
  record(1, `${connections} connections × ${duration} s on listing and sheets: 0 5xx`,
    `${r.total} requests, ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; 5xx ${r.fivexx}, socket errors ${r.errors}, timeouts ${r.timeouts} (${statusSummary(r.statuses)})`,
    r.fivexx === 0 && r.errors === 0 && r.timeouts === 0);
}
