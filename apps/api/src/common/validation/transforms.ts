import { Transform } from 'class-transformer';

/**
 * Form posts (urlencoded, multipart) carry strings only; these keep one DTO valid for the
 * three encodings docs/product/rules.md#R139 accepts.
 */
export const TrimString = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export const ToBoolean = () =>
  Transform(({ value }) => {
    if (value === true || value === 'true' || value === '1' || value === 1 || value === 'on') return true;
    if (value === false || value === 'false' || value === '0' || value === 0 || value === '' ) return false;
    return value;
  });

/** Empty strings and the synthetic 'null' option (docs/product/rules.md#R24) become null. */
export const ToNullableInt = () =>
  Transform(({ value }) => {
    if (value === undefined) return undefined;
    if (value === null || value === '' || value === 'null') return null;
    if (typeof value === 'number') return value;
    return typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  });

/**
 * Spaces around an address are forgiven; line breaks are not trimmed away: an address that
 * carries CR/LF is refused by the e-mail check (a mail header cannot be smuggled in through it).
 */
export const ToLowerCaseEmail = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.replace(/^[ \t]+|[ \t]+$/g, '').toLowerCase() : value));

/** `a`, `['a','b']` or `a,b` → array. */
export const ToArray = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null || value === '') return undefined;
    return Array.isArray(value) ? value : [value];
  });
