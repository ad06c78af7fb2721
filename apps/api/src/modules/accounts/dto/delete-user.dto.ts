import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AccountMessages } from '@outils/contracts';

/** docs/product/rules.md#R54: deleting the account needs the current password. Decorators run bottom-up. */
export class DeleteUserDto {
  @ApiProperty()
  @MaxLength(200, { message: AccountMessages.oldPasswordWrong })
  @IsNotEmpty({ message: AccountMessages.deletePasswordRequired })
  @IsString({ message: AccountMessages.deletePasswordRequired })
  oldPassword: string;
}
