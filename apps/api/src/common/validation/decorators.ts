import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { ANY_CONTROL_CHARACTER, ID_DIGITS, INT4_MAX } from './patterns';

/**
 * The validation decorators shared by every DTO of the API. A route whose check needs one
 * message per problem uses `Rule`: one validator per property, so the message reported does not
 * depend on the order class-validator runs stacked decorators in.
 */

/** A check returning the French message of the problem, or undefined when the value is fine. */
export type Check = (value: unknown, object: Record<string, unknown>) => string | undefined;

/** One validator whose message is the one `check` returns. */
export function Rule(check: Check, name = 'rule'): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: (args: ValidationArguments) => check(args.value, args.object as Record<string, unknown>) ?? '' },
      validator: {
        validate: (value: unknown, args: ValidationArguments) => check(value, args.object as Record<string, unknown>) === undefined,
      },
    });
}

/** docs/product/rules.md#R42: `passwordConfirm` must equal `password`, checked by the server. */
export function SameAs(property: string, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'sameAs',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [property],
      options,
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          return value === (args.object as Record<string, unknown>)[args.constraints[0] as string];
        },
      },
    });
}

/**
 * Refuses control characters (NUL, line breaks…) in one-line text: PostgreSQL rejects NUL in
 * text, and a name or an address never holds them.
 */
export function NoControlCharacters(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'noControlCharacters',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !ANY_CONTROL_CHARACTER.test(value),
      },
    });
}

/** Forms send empty fields as ''; for optional secrets (new password…) that means "not given". */
export const EmptyToUndefined = () => Transform(({ value }) => (value === '' || value === null ? undefined : value));

/** Optional free text: trimmed, and an empty value stored as null. */
export const TrimToNull = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  });

/** Decimal text of at most 10 digits becomes a number; anything else stays as sent (and fails). */
export function digitsToNumber(value: unknown): unknown {
  return typeof value === 'string' && ID_DIGITS.test(value.trim()) ? Number(value.trim()) : value;
}

export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= INT4_MAX;

/** A required positive int4 id (`toolId`), from JSON numbers or form text; else `invalid` (`missing` when absent). */
export const IdField = (invalid: string, missing = invalid) =>
  applyDecorators(
    Transform(({ value }) => digitsToNumber(value)),
    Rule((value) => (isId(value) ? undefined : value === undefined || value === null ? missing : invalid), 'isId'),
  );

/**
 * A query parameter that must be one value: trimmed, `''` read as `empty` (absent by default),
 * decimal text turned into a number when `numeric`. A repeated parameter (an array) stays and fails.
 */
export const QueryScalar = (options: { numeric?: boolean; empty?: unknown } = {}) =>
  Transform(({ value }) => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === '') return options.empty;
    return options.numeric ? digitsToNumber(text) : text;
  });

/**
 * A filter of the query string (`x=a`, `x[]=a&x[]=b`, `x[0]=a`): a list of at most `max` values,
 * each mapped by `parse` (undefined: not valid), duplicates removed. An empty parameter is no filter.
 */
export function QueryList<T>(options: { max: number; parse: (text: string) => T | undefined; invalid: string; tooMany: string }) {
  const INVALID = Symbol('invalid');
  return applyDecorators(
    Transform(({ value }) => {
      if (value === undefined || value === '') return [];
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (values.length > options.max) return { tooMany: true };
      const parsed = values.map((v) => (typeof v === 'string' && v.trim() !== '' ? options.parse(v.trim()) ?? INVALID : INVALID));
      return parsed.includes(INVALID) ? { invalid: true } : [...new Set(parsed)];
    }),
    Rule((value) => (Array.isArray(value) ? undefined : (value as { tooMany?: boolean })?.tooMany ? options.tooMany : options.invalid), 'queryList'),
  );
}
