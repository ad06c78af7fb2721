import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { AccountFieldLabels as L, AccountMessages, CommonMessages, PASSWORD_PATTERN } from '@outils/contracts';
import { EmailDto } from './email.dto';
import { SameAs } from './account-validators';

/** spec §3 reset payload: the new password twice, plus the e-mail and token of the link. Decorators run bottom-up. */
export class ResetPasswordDto extends EmailDto {
  @ApiProperty()
  @Matches(PASSWORD_PATTERN, { message: AccountMessages.passwordRule })
  @IsNotEmpty({ message: CommonMessages.required(L.password) })
  @IsString({ message: AccountMessages.passwordRule })
  @IsDefined({ message: CommonMessages.required(L.password) })
  password: string;

  @ApiProperty()
  @SameAs('password', { message: AccountMessages.passwordMismatch })
  @IsNotEmpty({ message: CommonMessages.required(L.passwordConfirm) })
  @IsString({ message: AccountMessages.passwordMismatch })
  @IsDefined({ message: CommonMessages.required(L.passwordConfirm) })
  passwordConfirm: string;

  /** The one-time reset token of the link, not a session token (decisions §2). */
  @ApiProperty()
  @MaxLength(200, { message: AccountMessages.resetInvalid })
  @IsNotEmpty({ message: AccountMessages.resetInvalid })
  @IsString({ message: AccountMessages.resetInvalid })
  token: string;
}
