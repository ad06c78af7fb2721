#!/usr/bin/env node
// @ts-check
// Runs one project's jest suite and writes its JSON result for the summary of `npm test`.
// Usage: node tools/test/jest.mjs <project-root> [extra jest args]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [projectRoot, ...rest] = process.argv.slice(2);
const root = resolve(import.meta.dirname, '../..');
// npm test gives each run its own folder, so that a run alongside cannot mix its results in.
const resultsDir = process.env.OUTILS_TEST_RESULTS_DIR ?? join(root, 'tmp/test-results');
mkdirSync(resultsDir, { recursive: true });
const outputFile = join(resultsDir, `${projectRoot.replace(/[\\/]/g, '__')}.json`);

const result = spawnSync(
  process.execPath,
  [
    // Jest's own require(esm) (Node 24.9+ with vm modules): ESM-only packages such as React
    // Router 8 and NestJS 12 load as they do in production, without compiling them to CommonJS.
    '--experimental-vm-modules',
    '--disable-warning=ExperimentalWarning',
    join(root, 'node_modules/jest/bin/jest.js'),
    '--config', existsSync(join(root, projectRoot, 'jest.config.js')) ? join(root, projectRoot, 'jest.config.js') : join(root, projectRoot, 'jest.config.cjs'),
    '--runInBand',
    '--json', '--outputFile', outputFile,
    ...rest,
  ],
  { stdio: 'inherit', cwd: root, env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } },
);
process.exit(result.status ?? 1);
