// @ts-check
// The built bundles the bench and the drills run: built through Nx when missing, then copied
// to a private folder for the run, plus the commit they were built from.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { onCleanup } from './cleanup.mjs';
import { log } from './log.mjs';
import { NX_ENV, nxEntry, ROOT } from './processes.mjs';

/** @typedef {'api' | 'worker' | 'web' | 'cli' | 'web-server'} Bundle */

/** @type {Record<Bundle, string>} */
const BUNDLES = {
  api: 'apps/api/main.js',
  worker: 'apps/worker/main.js',
  web: 'apps/web/index.html',
  cli: 'apps/cli/main.js',
  'web-server': 'apps/web-server/main.js',
};

/** Where the built bundles are: dist/, or BENCH_DIST (e.g. a build of another checkout). */
export const DIST = resolve(process.env.BENCH_DIST ?? join(ROOT, 'dist'));

/** Builds the projects whose bundle is missing (all of them with BENCH_BUILD=true). @param {Bundle[]} projects */
export function ensureBuilt(projects) {
  const force = process.env.BENCH_BUILD === 'true';
  const missing = projects.filter((p) => force || !existsSync(join(DIST, BUNDLES[p])));
  if (missing.length === 0) return;
  if (process.env.BENCH_DIST) throw new Error(`BENCH_DIST=${DIST} lacks ${missing.join(', ')}`);
  log(`building ${missing.join(', ')} (nx run-many -t build)…`);
  const build = spawnSync(
    process.execPath,
    [nxEntry(), 'run-many', '-t', 'build', '-p', ...missing, '--outputStyle=static'],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...NX_ENV } },
  );
  const still = missing.filter((p) => !existsSync(join(DIST, BUNDLES[p])));
  if (build.status !== 0 || still.length) throw new Error(`build failed for ${missing.join(', ')}`);
}

/**
 * A private copy of the bundles for this run (under tmp/, so node_modules still resolve): a
 * rebuild of dist/ by someone else during the run (the working tree is shared) cannot swap the
 * code under a process that the drills restart.
 * @template {Bundle} B
 * @param {B[]} projects
 * @returns {Record<B, string> & { stamp: Record<B, string> }}
 */
export function snapshotBundles(projects) {
  const dir = join(ROOT, `tmp/bench-bundles-${process.pid}-${Date.now().toString(36)}`);
  for (const p of projects) {
    const from = dirname(join(DIST, BUNDLES[p]));
    cpSync(from, join(dir, dirname(BUNDLES[p])), { recursive: true });
  }
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return /** @type {Record<B, string> & { stamp: Record<B, string> }} */ ({
    ...Object.fromEntries(projects.map((p) => [p, join(dir, BUNDLES[p])])),
    stamp: Object.fromEntries(projects.map((p) => [p, statSync(join(DIST, BUNDLES[p])).mtime.toISOString().slice(0, 16).replace('T', ' ')])),
  });
}

/** The short commit, with a note when the working tree has uncommitted changes. */
export function gitCommit() {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' });
  return `${r.stdout.trim()}${dirty.stdout.trim() ? ' (working tree with uncommitted changes)' : ''}`;
}
