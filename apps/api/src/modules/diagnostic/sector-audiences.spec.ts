import { Candidate, withProfileQuota } from './recommendations.service';
import { audienceQuery, jobWords, sectorWords } from './sector-audiences';

describe('the words of a sector or a trade (docs/product/rules.md#R985)', () => {
  it('uses the list of a known sector, else the words of its name', () => {
    expect(sectorWords('Hôtellerie-restauration')).toEqual(expect.arrayContaining(['restaurant', 'hôtel', 'commerçants']));
    expect(sectorWords('Hôtellerie-restauration')).not.toContain('restauration');
    expect(sectorWords('Agriculture et pêche')).toEqual(['agriculture', 'pêche']);
  });

  it('keeps the trade of a job title, not its role, and brings the sector the trade belongs to', () => {
    const words = jobWords('Gérant de restaurant');
    expect(words).toEqual(expect.arrayContaining(['restaurant', 'restaurants', 'hôtellerie']));
    expect(words).not.toContain('gérant');
    expect(jobWords('Boulangère')).toEqual(['boulangère', 'boulangères']);
    expect(jobWords('Responsable')).toEqual([]);
  });

  it('builds a safe OR query of whole words (hyphens split, nothing but letters and digits)', () => {
    expect(audienceQuery(['e-commerçants', "l'hôtel", 'a|b & !c'])).toBe('commerçants | hôtel');
    expect(audienceQuery([])).toBeNull();
  });
});

describe('the sector and trade quota of Pour vous', () => {
  const c = (score: number, profile: boolean): Candidate => ({
    score, reason: 'r', kind: profile ? 'area' : 'priority', best: score,
    ...(profile ? { profile: { kind: 'area' as const, points: 6, reason: 'secteur', detail: 'X' } } : {}),
  });

  it('lets the best sector tools replace the last others when the list would name the sector less than three times', () => {
    const ranked: Array<[number, Candidate]> = [[1, c(40, false)], [2, c(39, false)], [3, c(38, true)], [4, c(37, false)], [5, c(10, true)], [6, c(9, true)], [7, c(8, true)]];
    expect(withProfileQuota(ranked, 4).map(([id]) => id)).toEqual([1, 3, 5, 6]);
    expect(withProfileQuota(ranked, 3).map(([id]) => id)).toEqual([3, 5, 6]);
    expect(withProfileQuota(ranked.slice(0, 4), 4).map(([id]) => id)).toEqual([1, 2, 3, 4]);
  });

  it('counts a tool the sector found useful as naming the sector (docs/product/rules.md#R985, #R986)', () => {
    const useful: Candidate = { score: 7, reason: '', kind: 'other', best: 7, useful: 3 };
    const ranked: Array<[number, Candidate]> = [[1, c(40, false)], [2, c(39, false)], [3, c(38, true)], [4, c(37, false)], [5, c(10, true)], [6, useful], [7, c(6, true)]];
    expect(withProfileQuota(ranked, 4).map(([id]) => id)).toEqual([1, 3, 5, 6]);
  });
});
