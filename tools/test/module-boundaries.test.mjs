// @ts-check
// Proves that @nx/enforce-module-boundaries and import-x/no-cycle really run in the lint of
// `npm test`: each fixture under fixtures/module-boundaries is linted with the workspace's ESLint
// config as if it were the file named on its `// lint-as:` line, and its `// expect:` line says
// whether the rule (`// rule:` line, module boundaries by default) must report it. A lint run
// without the Nx project graph, or import-x without its TypeScript resolver, reports nothing and
// fails the `reported` cases.
// Run by tools/test/static-checks.mjs; alone: node --test tools/test/module-boundaries.test.mjs
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { ensureProjectGraph, root } from './project-graph.mjs';

const DEFAULT_RULE = '@nx/enforce-module-boundaries';
const fixturesDir = join(root, 'tools/test/fixtures/module-boundaries');

const fixtures = readdirSync(fixturesDir)
  .filter((name) => name.endsWith('.ts'))
  .sort()
  .map((name) => {
    const source = readFileSync(join(fixturesDir, name), 'utf8');
    const lintAs = /^\/\/ lint-as: (\S+)$/m.exec(source)?.[1];
    const expect = /^\/\/ expect: (reported|allowed)$/m.exec(source)?.[1];
    const rule = /^\/\/ rule: (\S+)$/m.exec(source)?.[1] ?? DEFAULT_RULE;
    if (!lintAs || !expect) throw new Error(`${name}: needs a "// lint-as: <path>" and a "// expect: reported|allowed" line`);
    return { name, source, lintAs, expect, rule };
  });

describe('module boundaries and import cycles on forbidden imports', () => {
  /** @type {ESLint} */
  let eslint;
  before(() => {
    ensureProjectGraph();
    eslint = new ESLint({ cwd: root });
  });

  it('has both forbidden and allowed cases for each rule', () => {
    for (const rule of [DEFAULT_RULE, 'import-x/no-cycle']) {
      assert.ok(fixtures.some((f) => f.rule === rule && f.expect === 'reported'), rule);
      assert.ok(fixtures.some((f) => f.rule === rule && f.expect === 'allowed'), rule);
    }
  });

  for (const fixture of fixtures) {
    it(`${fixture.name}: ${fixture.rule} ${fixture.expect} as ${fixture.lintAs}`, async () => {
      const [result] = await eslint.lintText(fixture.source, { filePath: join(root, fixture.lintAs) });
      const reports = result.messages.filter((m) => m.ruleId === fixture.rule);
      if (fixture.expect === 'reported') {
        assert.equal(reports.length, 1, `expected one ${fixture.rule} error, got: ${JSON.stringify(result.messages)}`);
        assert.equal(reports[0].severity, 2, 'the rule must be an error, not a warning');
      } else {
        assert.deepEqual(reports, []);
      }
    });
  }
});
