#!/usr/bin/env node
// Lint (with Nx module boundaries) and type-check every project. Part of `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureProjectGraph, GRAPH_MISSING_WARNING, root } from './project-graph.mjs';

const bin = (name) => join(root, 'node_modules/.bin', name);
const projects = ['apps', 'libs/shared', 'libs/server', 'tools']
  .flatMap((dir) => readdirSync(join(root, dir)).map((name) => `${dir}/${name}`))
  .filter((dir) => existsSync(join(root, dir, 'tsconfig.json')) && existsSync(join(root, dir, 'project.json')));

const failures = [];
const run = (label, command, args, { refuse } = {}) => {
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false' },
    ...(refuse ? { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 } : { stdio: 'inherit' }),
  });
  if (refuse) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
  }
  if (result.status !== 0) failures.push(label);
  else if (refuse && `${result.stdout}${result.stderr}`.includes(refuse)) failures.push(`${label} (module boundaries skipped)`);
};

// Without the graph, the boundaries rule would skip every file and the lint would still pass.
ensureProjectGraph();
run('eslint', bin('eslint'), ['apps', 'libs', 'tools/cli', '--max-warnings=50'], { refuse: GRAPH_MISSING_WARNING });
// Proof that the rule bites: forbidden imports in fixtures must be reported.
run('module boundaries', process.execPath, ['--test', '--test-reporter=spec', join(root, 'tools/test/module-boundaries.test.mjs')]);
// Every rule cited as docs/product/rules.md#Rnn exists.
run('product rules', process.execPath, ['--test', '--test-reporter=spec', join(root, 'tools/test/product-rules.test.mjs')]);
for (const project of projects) run(`tsc ${project}`, bin('tsc'), ['-p', join(project, 'tsconfig.json'), '--noEmit']);

if (failures.length) {
  console.error(`Static checks failed: ${failures.join(', ')}`);
  process.exit(1);
}
console.log(`Static checks passed: eslint (module boundaries enforced) and tsc on ${projects.length} projects.`);
