// @ts-check
// @nx/enforce-module-boundaries reads the project graph that Nx caches in .nx/workspace-data; run
// outside an Nx target, on a clone where no Nx command ran yet, it finds none and silently checks
// nothing. Computing the graph first (any Nx command does, and refreshes a stale one) makes the
// rule run. The warning the rule prints when the graph is missing is exported so that callers can
// refuse a lint run that skipped it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
export const GRAPH_MISSING_WARNING = 'No cached ProjectGraph is available';

export function ensureProjectGraph() {
  const require = createRequire(import.meta.url);
  const nxPackage = require.resolve('nx/package.json');
  const nxBin = join(dirname(nxPackage), require(nxPackage).bin.nx);
  const result = spawnSync(process.execPath, [nxBin, 'show', 'projects'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
  if (result.status !== 0) {
    throw new Error(`Nx could not compute the project graph:\n${result.stdout}${result.stderr}`);
  }
}
