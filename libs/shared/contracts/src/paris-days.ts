/**
 * The statistics, exports and contacts count in Europe/Paris days (docs/product/rules.md#R675,
 * #R677): the API, the worker and the admin's pages must agree on which day « today » is, and in
 * winter Paris is already tomorrow from 23:00 UTC.
 */
export const STATS_TIME_ZONE = 'Europe/Paris';

let parisDayFormat: Intl.DateTimeFormat | undefined;

/** The Europe/Paris day of `at` (now by default), as `YYYY-MM-DD`. */
export function parisDay(at: Date = new Date()): string {
  // Made at first use: the public pages, which never call this, build no Intl object (docs/product/rules.md#R860).
  parisDayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: STATS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return parisDayFormat.format(at);
}

/** `day` plus `days` (may be negative), as `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
