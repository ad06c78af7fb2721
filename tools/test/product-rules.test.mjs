// @ts-check
// Keeps docs/product citable: every rule of rules.md is one line with an explicit anchor equal to
// its number, numbers are unique, and every `rules.md#Rnn` written anywhere in the repository,
// every "Rnn" named in docs/product and every link between the docs/product pages points to an
// anchor that exists. Run by tools/test/static-checks.mjs; alone:
// node --test tools/test/product-rules.test.mjs
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { root } from './project-graph.mjs';

const productDir = join(root, 'docs/product');
const rulesText = readFileSync(join(productDir, 'rules.md'), 'utf8');
const RULE_LINE = /^- <a id="R(\d+)"><\/a>\*\*R(\d+)\*\* — \S/;

const SKIP = new Set(['node_modules', 'dist', '.nx', 'tmp', '.data', 'coverage', 'test-artifacts', '.git']);
const TEXT = /\.(ts|tsx|mjs|cjs|js|md|css|json|ya?ml|conf|sh)$|^Dockerfile/;
/** @param {string} dir @returns {Generator<string>} */
function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

const anchorsOf = (/** @type {string} */ text) => new Set([...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]));

describe('docs/product rules', () => {
  const ruleLines = rulesText.split('\n').filter((line) => line.startsWith('- <a id="R'));
  const numbers = ruleLines.map((line) => Number(RULE_LINE.exec(line)?.[1]));

  it('writes every rule as one line whose anchor and number agree', () => {
    assert.ok(ruleLines.length > 0);
    for (const line of ruleLines) {
      const m = RULE_LINE.exec(line);
      assert.ok(m, `malformed rule line: ${line.slice(0, 80)}`);
      assert.equal(m[1], m[2], `anchor and number differ: ${line.slice(0, 80)}`);
    }
  });

  it('never uses a number twice', () => {
    const seen = new Set();
    for (const n of numbers) {
      assert.ok(!seen.has(n), `R${n} is used twice`);
      seen.add(n);
    }
  });

  it('resolves every rules.md#Rnn cited in the repository', () => {
    const known = new Set(numbers);
    const missing = [];
    const paths = [join(root, 'README.md'), ...['apps', 'libs', 'tools', 'docker', 'docs'].flatMap((dir) => [...files(join(root, dir))])];
    for (const path of paths) {
      for (const m of readFileSync(path, 'utf8').matchAll(/rules\.md#R(\d+)/g)) {
        if (!known.has(Number(m[1]))) missing.push(`${relative(root, path)}: R${m[1]}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('cites no struck rule outside rules.md: code citing a replaced rule is looked at again (docs/product/README.md)', () => {
    const struck = new Set(ruleLines.filter((line) => / — ~~/.test(line)).map((line) => Number(RULE_LINE.exec(line)?.[1])));
    const stale = [];
    const paths = [join(root, 'README.md'), ...['apps', 'libs', 'tools', 'docker', 'docs'].flatMap((dir) => [...files(join(root, dir))])];
    for (const path of paths) {
      if (path === join(productDir, 'rules.md')) continue;
      // A line that cites rules.md may name further rules in short (`rules.md#R108, #R450`).
      for (const line of readFileSync(path, 'utf8').split('\n').filter((l) => /rules\.md#R\d/.test(l))) {
        for (const m of line.matchAll(/#R(\d+)\b/g)) if (struck.has(Number(m[1]))) stale.push(`${relative(root, path)}: R${m[1]}`);
      }
    }
    assert.deepEqual(stale, []);
  });

  it('resolves the rules and anchors named inside docs/product', () => {
    const known = new Set(numbers);
    const pages = Object.fromEntries(readdirSync(productDir).filter((n) => n.endsWith('.md')).map((n) => [n, readFileSync(join(productDir, n), 'utf8')]));
    const missing = [];
    for (const [name, text] of Object.entries(pages)) {
      for (const m of text.matchAll(/\bR(\d+)\b/g)) if (!known.has(Number(m[1]))) missing.push(`${name}: R${m[1]}`);
      for (const m of text.matchAll(/\]\(([\w-]+\.md)?#([^)\s]+)\)/g)) {
        const target = m[1] ?? name;
        if (!(target in pages)) continue;
        if (!anchorsOf(pages[target]).has(m[2])) missing.push(`${name}: ${target}#${m[2]}`);
      }
    }
    assert.deepEqual(missing, []);
  });
});
