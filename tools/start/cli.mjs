#!/usr/bin/env node
// @ts-check
// `npm run cli -- <command> [arguments]`: builds the CLI bundle (apps/cli) when it is missing, then runs it.
// Reads .env at the project root when present (without overriding the real environment).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { useProjectNode } from '../lib/node-runtime.mjs';

await useProjectNode({ quiet: true }); // the CLI's output stays its own: only a wrong Node is reported (docs/product/rules.md#R820)

const root = resolve(import.meta.dirname, '../..');
const bundle = join(root, 'dist/apps/cli/main.js');

function nxEntry() {
  const pkg = JSON.parse(readFileSync(join(root, 'node_modules/nx/package.json'), 'utf8'));
  return join(root, 'node_modules/nx', typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.nx);
}

if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

if (!existsSync(bundle) || process.env.CLI_REBUILD === 'true') {
  console.error('Construction de la CLI (nx build cli)…');
  const build = spawnSync(
    process.execPath,
    [nxEntry(), 'run', 'cli:build', '--outputStyle=static'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' } },
  );
  if (build.status !== 0 || !existsSync(bundle)) {
    console.error('La construction de la CLI a échoué (voir ci-dessus). Essayez « npx nx run cli:build ».');
    process.exit(1);
  }
}

const result = spawnSync(process.execPath, ['--enable-source-maps', bundle, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
if (result.signal) process.kill(process.pid, result.signal);
process.exit(result.status ?? 1);
