import { foldSearch } from './fold-search';

describe('foldSearch (docs/product/rules.md#R970)', () => {
  it.each([
    ['  Sécurité   INFORMATIQUE ', 'securite informatique'],
    ['Œuvre Ça\tva', 'œuvre ca va'],
    ['rgpd 2026', 'rgpd 2026'],
    ['x'.repeat(150), 'x'.repeat(100)],
  ])('folds %j to %j', (text, folded) => expect(foldSearch(text)).toBe(folded));

  it.each(['camille.martin@example.com', 'appeler 06 12 34 56 78', '0612345678', 'siret 12345678900012', '   '])(
    'keeps nothing of %j', (text) => expect(foldSearch(text)).toBeNull(),
  );
});
