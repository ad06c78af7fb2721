import { frenchOneDecimal, frenchSingular, frenchWhole, parisLongDate } from '../utils/french-format';

/**
 * docs/product/rules.md#R860: the public pages write numbers and dates without `Intl`, exactly as
 * `Intl` writes them in French; `Intl` itself is the reference here.
 */
describe('French numbers and dates without Intl', () => {
  const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
  const plural = new Intl.PluralRules('fr-FR');
  const paris = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });

  // Counts, bytes, pages and sizes: small, round, halves, thousands and millions, and a fixed spread of others.
  const numbers = [0, 1, 1.04, 1.05, 1.15, 1.25, 1.95, 2, 9.95, 99.95, 100, 999.5, 1000, 1023.96, 1024, 12_345, 999_999, 1_000_000, 123_456_789];
  for (let i = 1; i < 2000; i += 1) numbers.push((i * 7919) % 10_007 / 7, i * 104_729);

  it('writes whole numbers, one decimal and the singular as Intl does', () => {
    for (const n of numbers) {
      expect([n, frenchWhole(n)]).toEqual([n, whole.format(n)]);
      expect([n, frenchOneDecimal(n)]).toEqual([n, oneDecimal.format(n)]);
    }
    for (let n = 0; n < 3000; n += 1) expect([n, frenchSingular(n)]).toEqual([n, plural.select(n) === 'one']);
  });

  it('writes the day in Paris as Intl does, across every change of the clocks from 1996 to 2040', () => {
    for (let at = Date.UTC(1996, 0, 1); at < Date.UTC(2040, 0, 1); at += 2 * 3_600_000 + 17 * 60_000) {
      const date = new Date(at);
      if (parisLongDate(date) !== paris.format(date)) expect([date.toISOString(), parisLongDate(date)]).toEqual([date.toISOString(), paris.format(date)]);
    }
    expect(parisLongDate(new Date('2026-03-11T23:30:00Z'))).toBe('12 mars 2026');
    expect(parisLongDate(new Date('2026-07-31T22:30:00Z'))).toBe('1 août 2026');
  });

});
