// @ts-check
// The report of `npm run drills` (a Markdown table and the details of each drill), written
// between its markers in docs/resilience.md.
import { join } from 'node:path';
import { writeDocsSection } from '../lib/docs-section.mjs';
import { machine, table } from '../lib/machine.mjs';
import { ROOT } from '../lib/processes.mjs';

/**
 * @typedef {{ drill: number | string, target: string, measured: string, pass: boolean | null, details: string[] }} Result
 * @param {{ startedAt: Date, commit: string, stamp: Record<string, string | undefined>, loadBefore: string, loadAfter: string, duration: number }} r
 * @param {Result[]} results
 */
export function renderReport(r, results) {
  const m = machine();
  const lines = [];
  lines.push(`Run of ${r.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${r.commit}, bundles built ${r.stamp.api} UTC (API) / ${r.stamp.worker} UTC (worker)${process.env.BENCH_DIST ? ` from BENCH_DIST=${process.env.BENCH_DIST}` : ''}.`);
  lines.push('');
  lines.push(`Machine: ${m.cores} cores (${m.cpu}), ${m.memory} RAM, ${m.pgVersion}, Node ${m.node}; load average before/after ${r.loadBefore} / ${r.loadAfter} (shared with other engineers' test runs). Whole run: ${Math.round(r.duration)} s.`);
  lines.push('');
  lines.push(table(['#', 'drill and target', 'measured', 'verdict'], results.map((x) => [x.drill, x.target, x.measured, x.pass === null ? 'not run' : x.pass ? 'pass' : '**FAIL**'])));
  lines.push('');
  for (const x of results.filter((y) => y.details.length)) {
    lines.push(`<details><summary>Drill ${x.drill}: ${x.drill === '7a' ? 'what happened when' : 'answers per kind of request'}</summary>`);
    lines.push('');
    for (const d of x.details) lines.push(`- ${d}`);
    lines.push('');
    lines.push('</details>');
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

/** @param {string} report @param {string} name */
export function writeDocs(report, name) {
  writeDocsSection(join(ROOT, 'docs/resilience.md'), { name, title: 'Resilience', command: 'drills', script: 'tools/drills/run.mjs' }, report);
}
