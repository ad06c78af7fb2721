#!/usr/bin/env node
// @ts-check
// `npm test`: every project's tests through Nx, then one summary and the closing line
// "N passed, N failed". Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { ensureServices } from './services.mjs';
import { useProjectNode } from '../lib/node-runtime.mjs';

await useProjectNode(); // first line: the Node in use; another Node re-runs this on the project's (docs/product/rules.md#R820)

const root = resolve(import.meta.dirname, '../..');
const resultsDir = join(root, 'tmp/test-results', `run-${Date.now().toString(36)}-${process.pid}`);

const checks = spawnSync(process.execPath, [join(root, 'tools/test/static-checks.mjs')], { stdio: 'inherit', cwd: root });
const env = await ensureServices();
const require = createRequire(import.meta.url);
const nxPackage = require.resolve('nx/package.json');
const nxBin = join(dirname(nxPackage), require(nxPackage).bin.nx);
const nx = spawnSync(
  process.execPath,
  [nxBin, 'run-many', '-t', 'test', '--parallel=1', '--outputStyle=static', ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root, env: { ...process.env, ...env, OUTILS_TEST_RESULTS_DIR: resultsDir, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' } },
);

let passed = 0, failed = 0, skipped = 0, suitesFailed = 0;
const rows = [];
if (existsSync(resultsDir)) {
  for (const file of readdirSync(resultsDir).sort()) {
    const r = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    suitesFailed += r.numFailedTestSuites;
    rows.push(`${file.replace(/\.json$/, '').replace(/__/g, '/').padEnd(28)} ${String(r.numPassedTests).padStart(4)} passed ${String(r.numFailedTests).padStart(3)} failed  (${r.numTotalTestSuites} suites${r.numFailedTestSuites ? `, ${r.numFailedTestSuites} failed` : ''})`);
  }
}
console.log('\nTest summary by project');
for (const row of rows) console.log(`  ${row}`);
console.log(`  ${'lint + types'.padEnd(28)} ${checks.status === 0 ? 'passed' : 'FAILED'}`);
const ok = checks.status === 0 && nx.status === 0 && failed === 0 && suitesFailed === 0 && passed > 0;
if (!ok && failed === 0) failed = Math.max(1, suitesFailed);
rmSync(resultsDir, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
