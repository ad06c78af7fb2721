/**
 * Numbers and dates written as `Intl` writes them in French (fr-FR), without `Intl`: the first
 * `Intl` formatter a page builds loads the browser's locale data, 180–600 ms of a phone's CPU
 * slowed 4× in one long task, and a page the web server rendered would pay it while being taken
 * over only to write again the figures and dates already in its HTML (docs/product/rules.md#R860).
 * What the public pages write is small: whole numbers, one decimal, the plural of a count and
 * « 12 mars 2026 ». `french-format.spec.ts` compares every function with `Intl` itself.
 */

/** The narrow no-break space fr-FR puts between thousands. */
const THOUSANDS = '\u202f';
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const HOUR_MS = 3_600_000;

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS);

/**
 * A number ≥ 0 rounded to `digits` decimals as Intl rounds it: from its shortest decimal writing
 * (1.15 is « 1.15 », not the binary value just under it) with halves away from zero; the whole
 * part and the decimals, trailing zeros dropped.
 */
function rounded(n: number, digits: number): [string, string] {
  const written = String(n);
  if (/e/.test(written)) return n < 1 ? ['0', ''] : [BigInt(Math.round(n)).toString(), ''];
  const [whole, decimals = ''] = written.split('.');
  const kept = decimals.slice(0, digits).padEnd(digits, '0');
  const units = BigInt(whole + kept) + ((decimals[digits] ?? '0') >= '5' ? 1n : 0n);
  const all = units.toString().padStart(digits + 1, '0');
  return [all.slice(0, all.length - digits), all.slice(all.length - digits).replace(/0+$/, '')];
}

/** `new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 })` of a number ≥ 0: « 850 », « 1 024 ». */
export const frenchWhole = (n: number): string => grouped(rounded(n, 0)[0]);

/** `new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 })` of a number ≥ 0: « 1,2 », « 3 ». */
export function frenchOneDecimal(n: number): string {
  const [whole, tenth] = rounded(n, 1);
  return tenth ? `${grouped(whole)},${tenth}` : grouped(whole);
}

/** `new Intl.PluralRules('fr-FR').select(n) === 'one'` of a number ≥ 0: 0 and 1 take the singular in French. */
export const frenchSingular = (n: number): boolean => Math.floor(n) < 2;

/** The last Sunday of a month at 01:00 UTC, when the European Union's clocks change. */
function lastSundayAtOne(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}

/**
 * `new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone:
 * 'Europe/Paris' })`: « 12 mars 2026 », the day as read in Paris (UTC+1, UTC+2 from the last
 * Sunday of March to the last Sunday of October at 01:00 UTC, the rule since 1996).
 */
export function parisLongDate(date: Date): string {
  const at = date.getTime();
  const year = date.getUTCFullYear();
  const summer = at >= lastSundayAtOne(year, 2) && at < lastSundayAtOne(year, 9);
  const paris = new Date(at + (summer ? 2 : 1) * HOUR_MS);
  return `${paris.getUTCDate()} ${MONTHS[paris.getUTCMonth()]} ${paris.getUTCFullYear()}`;
}
