// @ts-check
// One Node everywhere (docs/product/rules.md#R820): the scripts of `npm test` run on the version
// that package.json pins, and every file that names a Node line names the same one. This fails
// when `npm test` (or `node --test` on this file) runs on any other Node.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { pinnedNodeVersion, platformPackage, projectNodePath } from '../lib/node-runtime.mjs';

const root = resolve(import.meta.dirname, '../..');
const read = (/** @type {string} */ file) => readFileSync(join(root, file), 'utf8');
const pinned = pinnedNodeVersion(root);
const major = pinned.split('.')[0];

test(`the tests run on the pinned Node ${pinned}`, () => {
  assert.equal(process.versions.node, pinned, `npm test runs on Node ${process.versions.node} (${process.execPath}), not on the project's ${pinned}`);
});

test('`node` found on the PATH (Nx commands, the shebangs of nx, tsc, eslint, jest) is the pinned one too', () => {
  const result = spawnSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
  assert.equal(result.stdout.trim(), pinned, 'node_modules/.bin must come first in the PATH: run the tests through npm (npm test, npx nx …)');
});

test('the lock installs the pinned version of every platform package, and this platform has one', () => {
  const lock = JSON.parse(read('package-lock.json'));
  const platforms = Object.keys(lock.packages).filter((key) => /^node_modules\/node-(linux|darwin|win)-/.test(key));
  assert.ok(platforms.length >= 4, `platform packages in the lock: ${platforms.join(', ')}`);
  for (const key of platforms) assert.equal(lock.packages[key].version, pinned, key);
  assert.ok(platforms.includes(`node_modules/${platformPackage()}`), `no ${platformPackage()} in the lock`);
  assert.ok(projectNodePath(root), `${platformPackage()} is not installed: npm ci`);
});

test(`engines, .nvmrc, the Docker images and the bundle targets name Node ${pinned}`, () => {
  assert.equal(read('.nvmrc').trim(), pinned, '.nvmrc');
  assert.equal(JSON.parse(read('package.json')).engines.node, `^${pinned}`, 'engines.node');
  for (const file of readdirSync(join(root, 'docker')).filter((name) => /^Dockerfile\.[a-z]+$/.test(name))) {
    const images = [...read(`docker/${file}`).matchAll(/^FROM\s+(node:\S+)/gm)].map((m) => m[1]);
    assert.ok(images.length > 0, `docker/${file} has no node image`);
    for (const image of images) assert.equal(image, `node:${pinned}-bookworm-slim`, `docker/${file}`);
  }
  for (const file of ['tsup.base.ts']) {
    const targets = [...read(file).matchAll(/target: '(node\d+)'/g)].map((m) => m[1]);
    assert.deepEqual(targets, [`node${major}`], file);
  }
});

test('a script started on another Node runs again on the project\'s', (t) => {
  // The Node that runs npm itself is the machine's: on a machine whose Node is not the pinned one,
  // that is the case of someone typing `node tools/…` by hand.
  const other = process.env.npm_node_execpath;
  const otherVersion = other && spawnSync(other, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim();
  if (!other || !otherVersion || otherVersion === pinned) {
    t.skip(`no other Node to start it with (npm runs on ${otherVersion || 'an unknown Node'})`);
    return;
  }
  const env = { ...process.env };
  delete env.OUTILS_NODE_RERUN;
  const result = spawnSync(other, [join(root, 'tools/test/fixtures/node-runtime/print-node.mjs')], { encoding: 'utf8', env });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout.trim(), `on ${pinned}`);
  assert.match(result.stderr, new RegExp(`Node ${otherVersion.replace(/\./g, '\\.')} \\(celle de la machine\\) : le projet relance ce script sur sa Node ${pinned.replace(/\./g, '\\.')}`));
});
