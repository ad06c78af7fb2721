import { DIFFICULTIES, Difficulty, difficultyFromIndex } from '@outils/contracts';

/**
 * The form's difficulty select holds the index of docs/product/rules.md#R128 (0 Simple, 1 Moyen, 2 Complexe);
 * the API receives the name, or nothing chosen for any other value.
 */
export const DIFFICULTY_OPTIONS = DIFFICULTIES.map((name, index) => ({ value: String(index), label: name }));

export function difficultyIndex(name: Difficulty | null | undefined): string {
  const index = name ? DIFFICULTIES.indexOf(name) : -1;
  return index >= 0 ? String(index) : '';
}

/** The value sent: the difficulty's name, or '' (null) for anything else. */
export function difficultyToSend(index: unknown): string {
  return difficultyFromIndex(index) ?? '';
}
