import type { StatsGranularity } from '@outils/contracts';

/**
 * Dates as a French reader writes them (docs/product/rules.md#R748): the API speaks ISO
 * (`2026-03-31`, `2026-04-03T08:00:00.000Z`); the pages say « 31/03/2026 ».
 */
const DAY = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const SHORT_DAY = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const SHORT_MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: '2-digit', timeZone: 'UTC' });
/** A moment, as the day it was in Paris. */
const PARIS_DAY = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' });

const asDate = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** `2026-03-31` → « 31/03/2026 »; anything else as it came. */
export function frenchDay(day: string): string {
  return isDay(day) ? DAY.format(asDate(day)) : day;
}

/** An ISO moment → its Paris day « 03/04/2026 »; null → « — ». */
export function frenchMoment(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : PARIS_DAY.format(date);
}

/** A period of the statistics in full (tables): « 31/03/2026 », « semaine du 30/03/2026 », « mars 2026 ». */
export function frenchPeriod(period: string, granularity: StatsGranularity): string {
  if (!isDay(period)) return period;
  if (granularity === 'month') return MONTH.format(asDate(period));
  if (granularity === 'week') return `semaine du ${DAY.format(asDate(period))}`;
  return DAY.format(asDate(period));
}

/** A period on a chart's axis, short: « 31/03 », « 30/03 », « mars 26 ». */
export function frenchTick(period: string, granularity: StatsGranularity): string {
  if (!isDay(period)) return period;
  return granularity === 'month' ? SHORT_MONTH.format(asDate(period)) : SHORT_DAY.format(asDate(period));
}
