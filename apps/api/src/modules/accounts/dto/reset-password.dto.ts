import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AccountMessages } from '@outils/contracts';
import { EmailDto } from './email.dto';
import { NewPassword, PasswordConfirmation } from './account-validators';

/** The reset payload (docs/product/rules.md#R19): the new password twice, plus the e-mail and token of the link. */
export class ResetPasswordDto extends EmailDto {
  @NewPassword()
  password: string;

  @PasswordConfirmation()
  passwordConfirm: string;

  /** The one-time reset token of the link, not a session token (docs/product/rules.md#R19). */
  @ApiProperty()
  @MaxLength(200, { message: AccountMessages.resetInvalid })
  @IsNotEmpty({ message: AccountMessages.resetInvalid })
  @IsString({ message: AccountMessages.resetInvalid })
  token: string;
}

/** The reset page's check when it opens: the link's e-mail and token only. */
export class ResetLinkDto extends EmailDto {
  @ApiProperty()
  @MaxLength(200, { message: AccountMessages.resetInvalid })
  @IsNotEmpty({ message: AccountMessages.resetInvalid })
  @IsString({ message: AccountMessages.resetInvalid })
  token: string;
}
