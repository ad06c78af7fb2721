/**
 * Publication of a tool (docs/product/rules.md#R650): a draft (never public), scheduled (public
 * from `publishedAt`, still to come) or published (since `publishedAt`).
 */
export const PUBLICATION_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/** The tool form's choice, as sent: `publication` and, when scheduled, `publishAt` (ISO 8601 with its offset). */
export interface PublicationInput {
  publication: PublicationStatus;
  publishAt?: string;
}

/** The status of a tool from its `publishedAt` (null: a draft) at `now`. */
export function publicationStatus(publishedAt: string | null, now: number = Date.now()): PublicationStatus {
  if (publishedAt === null) return 'draft';
  return Date.parse(publishedAt) > now ? 'scheduled' : 'published';
}

/** The time zone of scheduled dates as the admin writes and reads them. */
export const PUBLICATION_TIME_ZONE = 'Europe/Paris';

/** A scheduled date is at most this many years ahead (docs/product/rules.md#R654). */
export const MAX_SCHEDULE_YEARS = 5;

const parisParts = (instant: number) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: PUBLICATION_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
};

/**
 * A date (`YYYY-MM-DD`) and a time (`HH:MM`) as read on a clock in Paris, as an ISO 8601 instant;
 * null when they are not a real date and time. In the autumn's repeated hour the first one is
 * meant; a time skipped in spring moves one hour on, as clocks do.
 */
export function parisWallTimeToIso(date: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wall).getUTCDate() !== day) return null;
  // Paris is UTC+1 or UTC+2: try both offsets, keep the first whose Paris clock shows the wall time.
  for (const offsetHours of [2, 1]) {
    const instant = wall - offsetHours * 3_600_000;
    const p = parisParts(instant);
    if (p.year === year && p.month === month && p.day === day && p.hour === hour && p.minute === minute) return new Date(instant).toISOString();
  }
  return new Date(wall - 3_600_000).toISOString();
}

/** An instant as `YYYY-MM-DD` and `HH:MM` on a clock in Paris (the form's inputs). */
export function isoToParisWallTime(iso: string): { date: string; time: string } {
  const p = parisParts(Date.parse(iso));
  const two = (n: number) => String(n).padStart(2, '0');
  return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` };
}
