import { parisLongDate } from './french-format';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PublicationLabel {
  text: string;
  /** The 'Nouveau' badge: fewer than 10 days since creation (docs/product/rules.md#R88). */
  isNew: boolean;
  /** ISO date for a <time> element. */
  dateTime: string;
}

/**
 * docs/product/rules.md#R88: under 1 day 'Publié récemment' + 'Nouveau'; 1 to 9 days 'Publié il y a N jour(s)' + 'Nouveau'
 * (written with the right plural); otherwise 'Publié le' + the date in French.
 */
export function publicationLabel(createdAt: string, now: Date = new Date()): PublicationLabel {
  const created = new Date(createdAt);
  const dateTime = Number.isNaN(created.getTime()) ? createdAt : created.toISOString();
  if (Number.isNaN(created.getTime())) return { text: 'Publié récemment', isNew: false, dateTime };
  const days = Math.floor((now.getTime() - created.getTime()) / DAY_MS);
  if (days < 1) return { text: 'Publié récemment', isNew: true, dateTime };
  if (days <= 9) return { text: `Publié il y a ${days} jour${days > 1 ? 's' : ''}`, isNew: true, dateTime };
  // As read in Paris, on the web server and in every browser alike: a date written in each one's own time
  // zone differed between the server's page and the browser's for a tool created late in the evening.
  return { text: `Publié le ${parisLongDate(created)}`, isNew: false, dateTime };
}
