import { Transform } from 'class-transformer';
import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';

/** decisions §2: `passwordConfirm` must equal `password`, checked by the server. */
export function SameAs(property: string, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'sameAs',
      target: target.constructor,
      propertyName,
      constraints: [property],
      options,
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          return value === (args.object as Record<string, unknown>)[args.constraints[0] as string];
        },
      },
    });
}

/** Forms send empty fields as ''; for optional secrets (new password…) that means "not given". */
export const EmptyToUndefined = () =>
  Transform(({ value }) => (value === '' || value === null ? undefined : value));

/** Optional free text: trimmed, and an empty value stored as null. */
export const TrimToNull = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  });

/**
 * Refuses control characters (NUL, line breaks…) in one-line text: PostgreSQL rejects NUL in
 * text, and a name or an address never holds them.
 */
export function NoControlCharacters(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'noControlCharacters',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !/[\u0000-\u001f\u007f]/.test(value),
      },
    });
}
