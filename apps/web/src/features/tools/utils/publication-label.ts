import { localLongDate } from './french-format';

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
  return { text: `Publié le ${localLongDate(created)}`, isNew: false, dateTime };
}
