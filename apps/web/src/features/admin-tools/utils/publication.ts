import { isoToParisWallTime, parisWallTimeToIso, PUBLICATION_TIME_ZONE, publicationStatus, type PublicationStatus, type Tool } from '@outils/contracts';
import { AdminToolTexts } from '../texts';

/** The publication part of the tool form: the choice, and the date and time in Paris when scheduled. */
export interface PublicationValues {
  publication: PublicationStatus;
  publishDate: string;
  publishTime: string;
}

/** A new tool is published at once unless the admin chooses otherwise (docs/product/rules.md#R654). */
export const NEW_TOOL_PUBLICATION: PublicationValues = { publication: 'published', publishDate: '', publishTime: '' };

export function publicationValuesOf(tool: Pick<Tool, 'publishedAt'>, now = Date.now()): PublicationValues {
  const publication = publicationStatus(tool.publishedAt, now);
  if (publication !== 'scheduled') return { publication, publishDate: '', publishTime: '' };
  const { date, time } = isoToParisWallTime(tool.publishedAt!);
  return { publication, publishDate: date, publishTime: time };
}

/**
 * The instant of a scheduled publication, or the French reason why there is none
 * (docs/product/rules.md#R654: a date and a time, in the future).
 */
export function scheduledInstant(values: PublicationValues, now = Date.now()): { iso: string } | { error: string } {
  if (!values.publishDate || !values.publishTime) return { error: AdminToolTexts.publishAtRequired };
  const iso = parisWallTimeToIso(values.publishDate, values.publishTime);
  if (!iso) return { error: AdminToolTexts.publishAtInvalid };
  if (Date.parse(iso) <= now) return { error: AdminToolTexts.publishAtPast };
  return { iso };
}

const dayMonth = new Intl.DateTimeFormat('fr-FR', { timeZone: PUBLICATION_TIME_ZONE, day: '2-digit', month: '2-digit' });
const hourMinute = new Intl.DateTimeFormat('fr-FR', { timeZone: PUBLICATION_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** « Brouillon », « Programmé le 12/12 à 09:00 » (Paris time) or « Publié » (docs/product/rules.md#R655). */
export function publicationBadgeText(publishedAt: string | null, now = Date.now()): string {
  const status = publicationStatus(publishedAt, now);
  if (status === 'draft') return AdminToolTexts.badgeDraft;
  if (status === 'published') return AdminToolTexts.badgePublished;
  const at = new Date(publishedAt!);
  return AdminToolTexts.badgeScheduled(dayMonth.format(at), hourMinute.format(at));
}
