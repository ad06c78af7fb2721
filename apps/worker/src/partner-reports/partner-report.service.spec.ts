import { monthBefore } from './partner-report.service';

/** The month a report covers (docs/product/rules.md#R1001): the Paris month before the run's day. */
describe('monthBefore', () => {
  it('gives the previous month, across a year too', () => {
    expect(monthBefore('2026-03-01')).toBe('2026-02');
    expect(monthBefore('2026-03-31')).toBe('2026-02');
    expect(monthBefore('2026-01-05')).toBe('2025-12');
    expect(monthBefore('2026-11-27')).toBe('2026-10');
  });
});
