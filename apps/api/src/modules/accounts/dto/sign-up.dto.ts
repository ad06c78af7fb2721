import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsDefined, IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AccountFieldLabels as L, CommonMessages } from '@outils/contracts';
import { ToLowerCaseEmail, TrimString } from '../../../common/validation/transforms';
import { NoControlCharacters } from '../../../common/validation/decorators';
import { ActivityAreaField, JobField, NewPassword, NewsletterField, PasswordConfirmation } from './account-validators';

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

// class-validator runs a property's decorators bottom-up and the pipe keeps the first failure,
// so the most basic check (present, then the right type) sits at the bottom.

/**
 * The sign-up form of docs/product/rules.md#R24. Any other field (isAdmin…) is dropped by the validation pipe
 * (docs/product/rules.md#R140). The consent checkbox is enforced by the web form; the sign-up time is stored
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

  @JobField('Gérante')
  job?: string | null;

  @ActivityAreaField()
  activityArea?: number | null;

  @NewsletterField()
  newsletter?: boolean;

  /** The signed attribution of the partner whose link brought the visitor; a tampered one credits nobody (docs/product/rules.md#R997). */
  @ApiPropertyOptional({ description: 'Attribution signée d’un partenaire (`{id}.{signature}`)' })
  @Allow()
  partenaire?: unknown;
}
