import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { stackInfo } from './browser';

/** WCAG 2.1 A and AA rules (issue 7). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Finding {
  /** Where: the route and the state (guest, admin, dialog…). */
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now; gives every violation, one finding per rule. */
export async function scan(page: Page, where: string, include?: string): Promise<Finding[]> {
  // The package types name @playwright/test's Page; playwright-core's is the same object.
  // Only violations are needed: skipping the details of passes makes a scan several times faster.
  let builder = new AxeBuilder({ page: page as never }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.map((v) => ({
    where,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
}

export const blocking = (findings: Finding[]) => findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');

/** Human-readable lines for a failure message. */
export const describe = (findings: Finding[]) => findings.map((f) => `[${f.impact}] ${f.rule} on ${f.where}: ${f.help} — ${f.targets.join(', ')}`).join('\n');

/** Writes a suite's findings to test-artifacts/axe/{name}.json (read to write docs/accessibility-audit.md). */
export function record(name: string, findings: Finding[]): void {
  const dir = join(stackInfo().artifactsDir, 'axe');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(findings, null, 2));
}
