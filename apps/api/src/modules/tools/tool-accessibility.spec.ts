import type { ToolAccessibility } from '@outils/contracts';
import { alternativeAccessibilityOf, documentAccessible } from './tool-accessibility';

const check = (outcome: ToolAccessibility['outcome']): ToolAccessibility => ({ outcome, checked: 1, checkedAt: '2026-03-03T10:00:00.000Z', issues: [] });

/** docs/product/rules.md#R947 (RGAA 13.3): an accessible version makes the document conform. */
describe('a tool’s document conforms', () => {
  it.each([
    ['its file is accessible', check('accessible'), null, true],
    ['its file is accessible, its alternative not', check('accessible'), check('partial'), true],
    ['its file fails but its alternative is accessible', check('partial'), check('accessible'), true],
    ['its file was not checked but its alternative is accessible', null, check('accessible'), true],
  ])('when %s', (_label, file, alternative, expected) => {
    expect(documentAccessible(file, alternative)).toBe(expected);
  });

  it.each([
    ['its file fails and it has no alternative', check('partial'), null],
    ['its file and its alternative fail', check('partial'), check('partial')],
    ['nothing was checked yet', null, null],
  ])('not when %s', (_label, file, alternative) => {
    expect(documentAccessible(file, alternative)).toBe(false);
  });

  it('reads the alternative’s own check from its columns, null before it or when nothing applied', () => {
    const criteria = [{ status: 'passed', label: 'La première ligne nomme les colonnes', reference: 'RGAA 5.6', where: [], fix: null }];
    expect(alternativeAccessibilityOf({ alt_a11y_outcome: 'accessible', alt_a11y_criteria: criteria, alt_a11y_checked_at: '2026-03-03T10:00:00.000Z' }))
      .toEqual({ outcome: 'accessible', checked: 1, checkedAt: '2026-03-03T10:00:00.000Z', issues: [] });
    expect(alternativeAccessibilityOf({ alt_a11y_outcome: 'unchecked', alt_a11y_criteria: [], alt_a11y_checked_at: '2026-03-03T10:00:00.000Z' })).toBeNull();
    expect(alternativeAccessibilityOf({})).toBeNull();
  });
});
