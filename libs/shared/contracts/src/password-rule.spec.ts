import { checkPasswordRule, isPasswordValid } from './password-rule';
import { difficultyFromIndex } from './catalogue';

describe('password rule (docs/product/rules.md#R734)', () => {
  it.each([
    ['Abcdef1!', true],
    ['abcdef1!', false], // no uppercase
    ['ABCDEF1!', false], // no lowercase
    ['Abcdefg!', false], // no digit
    ['Abcdefg1', false], // no special character
    ['Ab1!', false], // too short
    ['Ab1!' + 'x'.repeat(29), false], // 33 characters
    ['Ab1!' + 'x'.repeat(28), true], // 32 characters
  ])('%s → %s', (password, expected) => {
    expect(isPasswordValid(password)).toBe(expected);
    expect(checkPasswordRule(password).every((c) => c.ok)).toBe(expected);
  });
});

describe('difficulty index mapping (docs/product/rules.md#R128)', () => {
  it('maps 0, 1, 2 and sends null for anything else', () => {
    expect([0, 1, 2, '1', 3, -1, 'x', null, 1.5].map(difficultyFromIndex)).toEqual([
      'Simple', 'Moyen', 'Complexe', 'Moyen', null, null, null, null, null,
    ]);
  });
});
