/**
 * The shapes every route checks its input against, in one place: DTO decorators, the hand-read
 * multipart form and the signed download links all use these.
 */

/** The largest PostgreSQL `integer` (int4): ids above it would make the database answer 500. */
export const INT4_MAX = 2_147_483_647;

/** A positive int4 id written in decimal (at most 10 digits, checked against INT4_MAX). */
export const ID_DIGITS = /^\d{1,10}$/;

/** A uuid, anywhere in a string (an image URL of ours carries its image id). */
export const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** A string that is exactly a uuid. */
export const UUID_EXACT = new RegExp(`^${UUID_IN_TEXT.source}$`, 'i');

/**
 * C0 control characters other than tab and line breaks, and DEL. PostgreSQL refuses NUL in
 * text (it would answer 500) and none of them is useful in a search or a form field.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Every C0 control character and DEL, line breaks included: for one-line values (names, e-mail). */
export const ANY_CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** A positive int4 id from a number or its decimal text; null when it is not one. */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= INT4_MAX ? value : null;
  if (typeof value !== 'string' || !ID_DIGITS.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= INT4_MAX ? n : null;
}
