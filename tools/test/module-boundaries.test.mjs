// @ts-check
// Proves that @nx/enforce-module-boundaries really runs in the lint of `npm test`: each fixture
// under fixtures/module-boundaries is linted with the workspace's ESLint config as if it were the
// file named on its `// lint-as:` line, and its `// expect:` line says whether the rule must report
// it. A lint run without the Nx project graph reports nothing and fails the `reported` cases.
// Run by tools/test/static-checks.mjs; alone: node --test tools/test/module-boundaries.test.mjs
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { ensureProjectGraph, root } from './project-graph.mjs';

const RULE = '@nx/enforce-module-boundaries';
const fixturesDir = join(root, 'tools/test/fixtures/module-boundaries');

const fixtures = readdirSync(fixturesDir)
  .filter((name) => name.endsWith('.ts'))
  .sort()
  .map((name) => {
    const source = readFileSync(join(fixturesDir, name), 'utf8');
    const lintAs = /^\/\/ lint-as: (\S+)$/m.exec(source)?.[1];
    const expect = /^\/\/ expect: (reported|allowed)$/m.exec(source)?.[1];
    if (!lintAs || !expect) throw new Error(`${name}: needs a "// lint-as: <path>" and a "// expect: reported|allowed" line`);
    return { name, source, lintAs, expect };
  });

describe(`${RULE} on forbidden imports`, () => {
  let eslint;
  before(() => {
    ensureProjectGraph();
    eslint = new ESLint({ cwd: root });
  });

  it('has both forbidden and allowed cases', () => {
    assert.ok(fixtures.some((f) => f.expect === 'reported'));
    assert.ok(fixtures.some((f) => f.expect === 'allowed'));
  });

  for (const fixture of fixtures) {
    it(`${fixture.name}: ${fixture.expect} as ${fixture.lintAs}`, async () => {
      const [result] = await eslint.lintText(fixture.source, { filePath: join(root, fixture.lintAs) });
      const reports = result.messages.filter((m) => m.ruleId === RULE);
      if (fixture.expect === 'reported') {
        assert.equal(reports.length, 1, `expected one ${RULE} error, got: ${JSON.stringify(result.messages)}`);
        assert.equal(reports[0].severity, 2, 'the rule must be an error, not a warning');
      } else {
        assert.deepEqual(reports, []);
      }
    });
  }
});
