#!/usr/bin/env node
// @ts-check
// Static checks of `npm test`: lint (with Nx module boundaries) and type-check of every project,
// as the Nx targets `lint` and `typecheck` (cached: unchanged projects are not checked again),
// then the proof that the module boundaries rule bites, the pinned-Node check, the product-rules
// check, the API's feature edges and the file sizes.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { NX_ENV, nxEntry } from '../lib/processes.mjs';
import { ensureProjectGraph, GRAPH_MISSING_WARNING, root } from './project-graph.mjs';

/** @type {string[]} */
const failures = [];
/** @param {string} label @param {string} command @param {string[]} args @param {{ refuse?: string }} [options] */
const run = (label, command, args, { refuse } = {}) => {
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, ...NX_ENV },
    ...(refuse ? { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 } : { stdio: 'inherit' }),
  });
  if (refuse) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
  }
  if (result.status !== 0) failures.push(label);
  else if (refuse && `${result.stdout}${result.stderr}`.includes(refuse)) failures.push(`${label} (module boundaries skipped)`);
};

// Without the graph, the boundaries rule would skip every file and the lint would still pass;
// a replayed (cached) lint output that carries the warning is refused too.
ensureProjectGraph();
run('nx lint typecheck', process.execPath, [nxEntry(root), 'run-many', '-t', 'lint', 'typecheck', '--outputStyle=static', '--parallel=2'], { refuse: GRAPH_MISSING_WARNING });
// Proof that the rule bites: forbidden imports in fixtures must be reported.
run('module boundaries', process.execPath, ['--test', '--test-reporter=spec', join(root, 'tools/test/module-boundaries.test.mjs')]);
// The tests run on the pinned Node, and every file naming a Node line names it (docs/product/rules.md#R820).
run('node runtime', process.execPath, ['--test', '--test-reporter=spec', join(root, 'tools/test/node-runtime.test.mjs')]);
// Every rule cited as docs/product/rules.md#Rnn exists.
run('product rules', process.execPath, ['--test', '--test-reporter=spec', join(root, 'tools/test/product-rules.test.mjs')]);
// API feature folders import each other only along the edges docs/architecture.md draws (docs/product/rules.md#R871).
run('api feature edges', process.execPath, ['--test', '--test-reporter=spec', join(root, 'tools/test/api-feature-edges.test.mjs')]);
// No source file over 400 lines (docs/product/rules.md#R870).
run('file size', process.execPath, ['--test', '--test-reporter=spec', join(root, 'tools/test/file-size.test.mjs')]);
// The bench and drills rewrite only their own section of a docs page.
run('docs sections', process.execPath, ['--test', '--test-reporter=spec', join(root, 'tools/test/docs-section.test.mjs')]);

if (failures.length) {
  console.error(`Static checks failed: ${failures.join(', ')}`);
  process.exit(1);
}
console.log('Static checks passed: nx lint and typecheck on every project (module boundaries enforced), boundaries proof, pinned Node, product rules, API feature edges, file sizes.');
