import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { AccountFieldLabels, AccountMessages, CommonMessages, PASSWORD_PATTERN } from '@outils/contracts';

export const JOB_MAX = 150;
import { NoControlCharacters, SameAs, TrimToNull } from '../../../common/validation/decorators';
import { INT4_MAX } from '../../../common/validation/patterns';
import { ToBoolean, ToNullableInt } from '../../../common/validation/transforms';

/**
 * A required new password following the rule of docs/product/rules.md#R734 (sign-up, reset). Listed in the order
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

/** The required confirmation of `password` (checked by the server too, docs/product/rules.md#R42). */
export const PasswordConfirmation = () =>
  applyDecorators(
    IsDefined({ message: CommonMessages.required(AccountFieldLabels.passwordConfirm) }),
    IsString({ message: AccountMessages.passwordMismatch }),
    IsNotEmpty({ message: CommonMessages.required(AccountFieldLabels.passwordConfirm) }),
    SameAs('password', { message: AccountMessages.passwordMismatch }),
    ApiProperty(),
  );

/** The optional job, on sign-up and profile: trimmed, '' stored as null. Listed bottom-up, as above. */
export const JobField = (example?: string) =>
  applyDecorators(
    IsString({ message: CommonMessages.invalidValue(AccountFieldLabels.job) }),
    MaxLength(JOB_MAX, { message: CommonMessages.tooLong(AccountFieldLabels.job, JOB_MAX) }),
    NoControlCharacters({ message: CommonMessages.invalidValue(AccountFieldLabels.job) }),
    IsOptional(),
    TrimToNull(),
    ApiPropertyOptional(example ? { example } : {}),
  );

/** An activity area id; '', 'null' (the synthetic 'Aucun' option, docs/product/rules.md#R59) or nothing: none. */
export const ActivityAreaField = () =>
  applyDecorators(
    IsInt({ message: AccountMessages.activityUnknown }),
    Min(1, { message: AccountMessages.activityUnknown }),
    Max(INT4_MAX, { message: AccountMessages.activityUnknown }),
    IsOptional(),
    ToNullableInt(),
    ApiPropertyOptional({ example: 3 }),
  );

/** The newsletter preference: 0 or 1, true/false also accepted (docs/product/rules.md#R24). */
export const NewsletterField = () =>
  applyDecorators(
    IsBoolean({ message: CommonMessages.mustBeBoolean(AccountFieldLabels.newsletter) }),
    IsOptional(),
    ToBoolean(),
    ApiPropertyOptional({ example: 1 }),
  );
