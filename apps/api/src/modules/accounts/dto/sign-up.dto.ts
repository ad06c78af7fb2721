import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { AccountFieldLabels as L, AccountMessages, CommonMessages } from '@outils/contracts';
import { ToBoolean, ToLowerCaseEmail, ToNullableInt, TrimString } from '../../../common/validation/transforms';
import { NewPassword, NoControlCharacters, PasswordConfirmation, TrimToNull } from './account-validators';

export const NAME_MAX = 100;
export const JOB_MAX = 150;
export const EMAIL_MAX = 254;
export const INT_MAX = 2_147_483_647;

// class-validator runs a property's decorators bottom-up and the pipe keeps the first failure,
// so the most basic check (present, then the right type) sits at the bottom.

/**
 * The sign-up form of spec §3. Any other field (isAdmin…) is dropped by the validation pipe
 * (decisions §2). The consent checkbox is enforced by the web form; the sign-up time is stored
 * as the time of consent.
 */
export class SignUpDto {
  @ApiProperty({ example: 'Martin' })
  @TrimString()
  @NoControlCharacters({ message: CommonMessages.invalidValue(L.lastName) })
  @MaxLength(NAME_MAX, { message: CommonMessages.tooLong(L.lastName, NAME_MAX) })
  @IsNotEmpty({ message: CommonMessages.required(L.lastName) })
  @IsString({ message: CommonMessages.invalidValue(L.lastName) })
  @IsDefined({ message: CommonMessages.required(L.lastName) })
  lastName: string;

  @ApiProperty({ example: 'Camille' })
  @TrimString()
  @NoControlCharacters({ message: CommonMessages.invalidValue(L.firstName) })
  @MaxLength(NAME_MAX, { message: CommonMessages.tooLong(L.firstName, NAME_MAX) })
  @IsNotEmpty({ message: CommonMessages.required(L.firstName) })
  @IsString({ message: CommonMessages.invalidValue(L.firstName) })
  @IsDefined({ message: CommonMessages.required(L.firstName) })
  firstName: string;

  @ApiProperty({ example: 'camille@example.com' })
  @ToLowerCaseEmail()
  @IsEmail({}, { message: CommonMessages.invalidEmail })
  @MaxLength(EMAIL_MAX, { message: CommonMessages.tooLong(L.mail, EMAIL_MAX) })
  @IsNotEmpty({ message: CommonMessages.required(L.mail) })
  @IsString({ message: CommonMessages.invalidEmail })
  @IsDefined({ message: CommonMessages.required(L.mail) })
  mail: string;

  @NewPassword('8 à 32 caractères, 1 chiffre, 1 minuscule, 1 majuscule, 1 caractère spécial')
  password: string;

  @PasswordConfirmation()
  passwordConfirm: string;

  @ApiPropertyOptional({ example: 'Gérante' })
  @TrimToNull()
  @IsOptional()
  @NoControlCharacters({ message: CommonMessages.invalidValue(L.job) })
  @MaxLength(JOB_MAX, { message: CommonMessages.tooLong(L.job, JOB_MAX) })
  @IsString({ message: CommonMessages.invalidValue(L.job) })
  job?: string | null;

  /** An activity area id; '', 'null' (the synthetic 'Aucun' option) or nothing: none. */
  @ApiPropertyOptional({ example: 3 })
  @ToNullableInt()
  @IsOptional()
  @Max(INT_MAX, { message: AccountMessages.activityUnknown })
  @Min(1, { message: AccountMessages.activityUnknown })
  @IsInt({ message: AccountMessages.activityUnknown })
  activityArea?: number | null;

  /** 0 or 1 (spec §3); true/false also accepted. */
  @ApiPropertyOptional({ example: 1 })
  @ToBoolean()
  @IsOptional()
  @IsBoolean({ message: CommonMessages.mustBeBoolean(L.newsletter) })
  newsletter?: boolean;
}
