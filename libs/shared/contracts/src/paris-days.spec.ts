import { addDays, parisDay } from './paris-days';

describe('parisDay: the day as counted in Paris (docs/product/rules.md#R675)', () => {
  it('is already tomorrow from 23:00 UTC in winter and from 22:00 UTC in summer', () => {
    expect(parisDay(new Date('2026-11-27T22:59:59Z'))).toBe('2026-11-27');
    expect(parisDay(new Date('2026-11-27T23:00:00Z'))).toBe('2026-11-28');
    expect(parisDay(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(parisDay(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });

  it('counts whole calendar days across a month, a year and a clock change', () => {
    expect(addDays('2026-11-28', -30)).toBe('2026-10-29');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
