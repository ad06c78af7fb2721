#!/usr/bin/env node
// @ts-check
// `npm audit --omit=dev` for .ci/run: fails on any high or critical advisory in the production
// dependencies, and on a moderate one in a direct production dependency (package.json's own).
// When the registry's advisory service cannot be reached (some registry mirrors refuse its POST),
// it says so loudly and does not fail the run, unless OUTILS_AUDIT_REQUIRED=true.
// docs/security.md, "Dépendances".
import { spawnSync } from 'node:child_process';

const args = ['audit', '--omit=dev', '--json'];
const result = spawnSync('npm', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = null;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why = report?.statusCode ? `HTTP ${report.statusCode}` : (report?.message ?? result.stderr.trim().split('\n').pop() ?? 'no answer');
  console.error(`npm audit: the advisory service could not be reached (${why}); the production dependencies were NOT checked.`);
  process.exit(process.env.OUTILS_AUDIT_REQUIRED === 'true' ? 1 : 0);
}

/** @typedef {{ severity: string, name: string, range: string, isDirect?: boolean, via?: Array<string | { title: string, url: string }> }} Vulnerability */
const HIGH = new Set(['high', 'critical']);
const serious = /** @type {Vulnerability[]} */ (Object.values(report.vulnerabilities ?? {})).filter(
  (v) => HIGH.has(v.severity) || (v.severity === 'moderate' && v.isDirect),
);
console.log(`npm audit (production dependencies): ${Object.entries(counts).map(([level, n]) => `${level} ${n}`).join(', ')}`);
for (const v of serious) {
  const titles = (v.via ?? []).flatMap((via) => (typeof via === 'object' ? [`${via.title} (${via.url})`] : []));
  console.log(`  ${v.severity.toUpperCase()}${v.isDirect ? ' (direct)' : ''} ${v.name} ${v.range}: ${titles.join('; ') || `through ${(v.via ?? []).join(', ')}`}`);
}
process.exit(serious.length > 0 ? 1 : 0);
