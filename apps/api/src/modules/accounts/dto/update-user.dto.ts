import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { AccountFieldLabels as L, AccountMessages, CommonMessages, PASSWORD_PATTERN } from '@outils/contracts';
import { ToLowerCaseEmail, TrimString } from '../../../common/validation/transforms';
import { EmptyToUndefined, NoControlCharacters, SameAs } from '../../../common/validation/decorators';
import { ActivityAreaField, JobField, NewsletterField } from './account-validators';
import { EMAIL_MAX, NAME_MAX } from './sign-up.dto';

// Decorators run bottom-up; the basic checks sit at the bottom (see sign-up.dto.ts).

/**
 * The profile form (docs/product/rules.md#R53). Every field is optional: what is absent stays as it is. Empty
 * password fields mean "keep my password". Credentials (storedMail/storedToken) are read by the
 * guard, not here.
 */
export class UpdateUserDto {
  @ApiPropertyOptional()
  @TrimString()
  @IsOptional()
  @NoControlCharacters({ message: CommonMessages.invalidValue(L.lastName) })
  @MaxLength(NAME_MAX, { message: CommonMessages.tooLong(L.lastName, NAME_MAX) })
  @IsNotEmpty({ message: CommonMessages.required(L.lastName) })
  @IsString({ message: CommonMessages.invalidValue(L.lastName) })
  lastName?: string;

  @ApiPropertyOptional()
  @TrimString()
  @IsOptional()
  @NoControlCharacters({ message: CommonMessages.invalidValue(L.firstName) })
  @MaxLength(NAME_MAX, { message: CommonMessages.tooLong(L.firstName, NAME_MAX) })
  @IsNotEmpty({ message: CommonMessages.required(L.firstName) })
  @IsString({ message: CommonMessages.invalidValue(L.firstName) })
  firstName?: string;

  @ApiPropertyOptional()
  @ToLowerCaseEmail()
  @IsOptional()
  @IsEmail({}, { message: CommonMessages.invalidEmail })
  @MaxLength(EMAIL_MAX, { message: CommonMessages.tooLong(L.mail, EMAIL_MAX) })
  @IsNotEmpty({ message: CommonMessages.required(L.mail) })
  @IsString({ message: CommonMessages.invalidEmail })
  mail?: string;

  @ApiPropertyOptional()
  @EmptyToUndefined()
  @IsOptional()
  @Matches(PASSWORD_PATTERN, { message: AccountMessages.passwordRule })
  @IsString({ message: AccountMessages.passwordRule })
  password?: string;

  @ApiPropertyOptional()
  @EmptyToUndefined()
  @ValidateIf((dto: UpdateUserDto) => dto.password !== undefined || dto.passwordConfirm !== undefined)
  @SameAs('password', { message: AccountMessages.passwordMismatch })
  @IsNotEmpty({ message: CommonMessages.required(L.passwordConfirm) })
  @IsString({ message: CommonMessages.required(L.passwordConfirm) })
  passwordConfirm?: string;

  /** Needed to change the e-mail or the password (docs/product/rules.md#R54). */
  @ApiPropertyOptional()
  @EmptyToUndefined()
  @IsOptional()
  @MaxLength(200, { message: AccountMessages.oldPasswordWrong })
  @IsString({ message: AccountMessages.oldPasswordWrong })
  oldPassword?: string;

  @JobField()
  job?: string | null;

  @ActivityAreaField()
  activityArea?: number | null;

  @NewsletterField()
  newsletter?: boolean;
}
