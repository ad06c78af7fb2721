#!/usr/bin/env node
// Lint (with Nx module boundaries) and type-check every project. Part of `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const projects = ['apps', 'libs/shared', 'libs/server', 'tools']
  .flatMap((dir) => readdirSync(join(root, dir)).map((name) => `${dir}/${name}`))
  .filter((dir) => existsSync(join(root, dir, 'tsconfig.json')) && existsSync(join(root, dir, 'project.json')));

const failures = [];
const run = (label, command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
  if (result.status !== 0) failures.push(label);
};

run('eslint', bin('eslint'), ['apps', 'libs', 'tools/cli', '--max-warnings=50']);
for (const project of projects) run(`tsc ${project}`, bin('tsc'), ['-p', join(project, 'tsconfig.json'), '--noEmit']);

if (failures.length) {
  console.error(`Static checks failed: ${failures.join(', ')}`);
  process.exit(1);
}
console.log(`Static checks passed: eslint and tsc on ${projects.length} projects.`);
