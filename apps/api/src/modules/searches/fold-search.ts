import { SearchLimits } from '@outils/contracts';

/**
 * The form a search text is counted under (docs/product/rules.md#R970): lower case, without
 * accents, spaces collapsed and trimmed, cut at 100 characters. Null for a text that may name
 * someone (an e-mail address, a phone or other number of 6 digits or more) or holds nothing: it is
 * not kept.
 */
export function foldSearch(text: string): string | null {
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SearchLimits.textMaxLength)
    .trim();
  if (folded === '') return null;
  if (folded.includes('@') || /\d(?:[\s.\-/]?\d){5,}/.test(folded)) return null;
  return folded;
}
