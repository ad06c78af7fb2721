import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AccountMessages } from '@outils/contracts';
import { EmailDto } from './email.dto';

/** The new mailbox's link of an e-mail change: its address and token (docs/product/rules.md#R761). */
export class EmailChangeLinkDto extends EmailDto {
  @ApiProperty()
  @MaxLength(200, { message: AccountMessages.emailChangeInvalid })
  @IsNotEmpty({ message: AccountMessages.emailChangeInvalid })
  @IsString({ message: AccountMessages.emailChangeInvalid })
  token: string;
}

/** A one-time login link: its address and token (docs/product/rules.md#R770). */
export class LoginLinkDto extends EmailDto {
  @ApiProperty()
  @MaxLength(200, { message: AccountMessages.loginLinkInvalid })
  @IsNotEmpty({ message: AccountMessages.loginLinkInvalid })
  @IsString({ message: AccountMessages.loginLinkInvalid })
  token: string;
}
