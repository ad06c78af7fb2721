import { buildPlan, editDistance, fold, highlights, plainQueryText, searchWords, stemmedQueryText } from './search-plan';

describe('search plan (docs/product/rules.md#R600–R602)', () => {
  it('keeps only letters and digits of the words, with -word as an exclusion', () => {
    expect(searchWords("Cyber' | ':* -RGPD l’équipe cyber")).toEqual({ words: ['Cyber', 'l', 'équipe'], excluded: ['RGPD'] });
    expect(searchWords('« » ! ( )')).toEqual({ words: [], excluded: [] });
    expect(searchWords('a b c d e f g h i j').words).toHaveLength(8);
  });

  it('folds accents, case and ligatures', () => {
    expect(fold('Sécurité ŒUVRE')).toBe('securite oeuvre');
  });

  it('counts one typo for an insertion, a deletion, a substitution or two letters swapped', () => {
    expect(editDistance('cybersecurte', 'cybersecurite')).toBe(1);
    expect(editDistance('secruite', 'securite')).toBe(1);
    expect(editDistance('facture', 'factura')).toBe(1);
    expect(editDistance('cybrsecurte', 'cybersecurite')).toBe(2);
    expect(editDistance('abc', 'abcdefgh')).toBe(3);
  });

  it('widens an unknown long word to the known words one typo away, only in strict mode', () => {
    const lookups = [{ folded: 'cybersecurte', completions: [], near: ['cybersecurite', 'securite'] }, { folded: 'mot', completions: ['mot', 'mots'], near: [] }];
    const strict = buildPlan(['cybersecurte', 'mot'], [], lookups, true);
    expect(strict.terms.map((t) => t.alternatives)).toEqual([['cybersecurite'], []]);
    expect(stemmedQueryText(strict.terms[0])).toBe("'cybersecurte' | 'cybersecurite'");
    expect(plainQueryText(strict.terms[1])).toBe("'mot' | 'mots'");
    // A beginning of many words is searched as a prefix.
    const many = Array.from({ length: 13 }, (_, i) => `co${i}`);
    expect(plainQueryText(buildPlan(['co'], [], [{ folded: 'co', completions: many, near: [] }], true).terms[0])).toBe("'co':*");
    expect(buildPlan(['cybersecurte'], [], lookups, false).terms[0].alternatives).toEqual(['cybersecurite', 'securite']);
    // Short words are not corrected; the closest leave out a word near nothing.
    expect(buildPlan(['cybr'], [], [{ folded: 'cybr', completions: [], near: ['cyber'] }], true).terms[0].alternatives).toEqual([]);
    expect(buildPlan(['zzz', 'mot'], [], [{ folded: 'zzz', completions: [], near: [] }, lookups[1]], false).terms.map((t) => t.word)).toEqual(['mot']);
  });

  it('marks the beginnings of words, accents kept whole', () => {
    expect(highlights('Cybersécurité des dirigeants', ['cyber', 'dir'])).toEqual([[0, 5], [18, 21]]);
    expect(highlights('Sécurité', ['secu'])).toEqual([[0, 4]]);
    expect(highlights('Sécurité', ['securite'])).toEqual([[0, 8]]);
    expect(highlights('Plan marketing', ['arke'])).toEqual([]);
    expect(highlights('Œuvre', ['oe'])).toEqual([[0, 1]]);
  });
});
