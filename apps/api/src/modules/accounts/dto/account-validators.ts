import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, Matches } from 'class-validator';
import { AccountFieldLabels, AccountMessages, CommonMessages, PASSWORD_PATTERN } from '@outils/contracts';
import { SameAs } from '../../../common/validation/decorators';

/**
 * A required new password following the rule of docs/product/rules.md#R41 (sign-up, reset). Listed in the order
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
