import { Transform } from 'class-transformer';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, Matches, registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { AccountFieldLabels, AccountMessages, CommonMessages, PASSWORD_PATTERN } from '@outils/contracts';

/** decisions §2: `passwordConfirm` must equal `password`, checked by the server. */
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

/**
 * A required new password following the rule of spec §5 (sign-up, reset). Listed in the order
 * the stacked decorators used to apply (bottom-up), so the first error reported stays the same.
 */
export const NewPassword = (description?: string) =>
  applyDecorators(
    IsDefined({ message: CommonMessages.required(AccountFieldLabels.password) }),
    IsString({ message: AccountMessages.passwordRule }),
    IsNotEmpty({ message: CommonMessages.required(AccountFieldLabels.password) }),
    Matches(PASSWORD_PATTERN, { message: AccountMessages.passwordRule }),
    ApiProperty(description ? { description } : {}),
  );

/** The required confirmation of `password` (decisions §2: checked by the server too). */
export const PasswordConfirmation = () =>
  applyDecorators(
    IsDefined({ message: CommonMessages.required(AccountFieldLabels.passwordConfirm) }),
    IsString({ message: AccountMessages.passwordMismatch }),
    IsNotEmpty({ message: CommonMessages.required(AccountFieldLabels.passwordConfirm) }),
    SameAs('password', { message: AccountMessages.passwordMismatch }),
    ApiProperty(),
  );
