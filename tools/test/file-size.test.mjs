// @ts-check
// No source file over 400 lines (docs/product/rules.md#R870): a longer file is split by
// responsibility. Source is every file of the repository (tracked or new, ignored ones left out)
// that is code, style, SQL, markup or configuration; the docs (`*.md`), the lockfile that npm
// writes and images are not.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { root } from './project-graph.mjs';

export const MAX_LINES = 400;

const SOURCE = /\.(?:[cm]?[jt]sx?|css|scss|sql|html|json|ya?ml|conf|sh)$|(?:^|\/)Dockerfile(?:\.[\w-]+)?$/;
/** Written by a program, never edited by hand. */
const GENERATED = new Set(['package-lock.json']);

/** @param {string} path */
export const isSource = (path) => SOURCE.test(path) && !GENERATED.has(path);

/** @param {string} text */
const lineCount = (text) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

/**
 * The source files among `paths` (relative to `base`) longer than MAX_LINES, with their length.
 * @param {string} base @param {string[]} paths @returns {Array<{ path: string, lines: number }>}
 */
export function oversized(base, paths) {
  const out = [];
  for (const path of paths.filter(isSource)) {
    let text;
    try {
      text = readFileSync(join(base, path), 'utf8');
    } catch {
      continue; // listed by git but removed from the work tree
    }
    const lines = lineCount(text);
    if (lines > MAX_LINES) out.push({ path, lines });
  }
  return out;
}

function repositoryFiles() {
  const result = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.equal(result.status, 0, result.stderr);
  return [...new Set(result.stdout.split('\n').filter(Boolean))];
}

test(`no source file is over ${MAX_LINES} lines`, () => {
  const files = repositoryFiles();
  assert.ok(files.some((f) => f.endsWith('.ts')), 'the repository lists its TypeScript files');
  const found = oversized(root, files).map(({ path, lines }) => `${path} (${lines} lines)`);
  assert.deepEqual(found, [], `split these by responsibility:\n  ${found.join('\n  ')}`);
});

test('the check counts lines and leaves docs, the lockfile and images out', () => {
  const dir = mkdtempSync(join(tmpdir(), 'file-size-'));
  try {
    const lines = (/** @type {number} */ n) => Array.from({ length: n }, (_, i) => `export const a${i} = ${i};\n`).join('');
    writeFileSync(join(dir, 'long.ts'), lines(MAX_LINES + 1));
    writeFileSync(join(dir, 'short.ts'), lines(MAX_LINES));
    writeFileSync(join(dir, 'long.md'), lines(MAX_LINES * 2));
    assert.deepEqual(oversized(dir, ['long.ts', 'short.ts', 'long.md', 'missing.ts']), [{ path: 'long.ts', lines: MAX_LINES + 1 }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const path of ['apps/api/src/x.ts', 'apps/web/src/x.tsx', 'tools/x.mjs', 'a.css', 'tools-listing.sql', 'docker/Dockerfile.api', 'nx.json']) {
    assert.ok(isSource(path), path);
  }
  for (const path of ['docs/catalogue.md', 'package-lock.json', 'apps/web/public/images/og-image.png', 'logo.svg']) assert.ok(!isSource(path), path);
});
