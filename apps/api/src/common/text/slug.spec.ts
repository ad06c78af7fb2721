import { baseSlug, firstFreeSlug } from './slug';

describe('slugs', () => {
  it.each([
    ['Diagnostic de maturité numérique', 'diagnostic-de-maturite-numerique'],
    ['Checklist « RGPD » : êtes-vous prêt ?', 'checklist-rgpd-etes-vous-pret'],
    ['L’œuvre d’art & la cybersécurité', 'l-oeuvre-d-art-et-la-cybersecurite'],
    ['Ça coûte combien ? Ébauche', 'ca-coute-combien-ebauche'],
    ['2024', 'outil-2024'],
    ['!!!', 'outil'],
  ])('%p → %p', (name, slug) => {
    expect(baseSlug(name)).toBe(slug);
  });

  it('stays within the column and ends cleanly', () => {
    const slug = baseSlug('mot '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(150);
    expect(slug).toMatch(/^[a-z0-9-]+[a-z0-9]$/);
  });

  it('adds -2, -3… and avoids reserved route names', () => {
    expect(firstFreeSlug('kit', new Set())).toBe('kit');
    expect(firstFreeSlug('kit', new Set(['kit', 'kit-2']))).toBe('kit-3');
    expect(firstFreeSlug('download', new Set())).toBe('download-2');
  });
});
