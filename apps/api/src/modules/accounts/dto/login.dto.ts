import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AccountFieldLabels as L, CommonMessages } from '@outils/contracts';
import { ToLowerCaseEmail } from '../../../common/validation/transforms';
import { NoControlCharacters } from '../../../common/validation/decorators';

/** docs/product/rules.md#R35: the login payload is `username` (the e-mail) and `password`. Decorators run bottom-up. */
export class LoginDto {
  @ApiProperty({ example: 'camille@example.com' })
  @ToLowerCaseEmail()
  @NoControlCharacters({ message: CommonMessages.invalidValue(L.username) })
  @MaxLength(254, { message: CommonMessages.tooLong(L.username, 254) })
  @IsNotEmpty({ message: CommonMessages.required(L.username) })
  @IsString({ message: CommonMessages.invalidValue(L.username) })
  @IsDefined({ message: CommonMessages.required(L.username) })
  username: string;

  @ApiProperty()
  @MaxLength(200, { message: CommonMessages.tooLong(L.password, 200) })
  @IsNotEmpty({ message: CommonMessages.required(L.password) })
  @IsString({ message: CommonMessages.invalidValue(L.password) })
  @IsDefined({ message: CommonMessages.required(L.password) })
  password: string;
}
