import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AccountFieldLabels as L, CommonMessages } from '@outils/contracts';
import { ToLowerCaseEmail } from '../../../common/validation/transforms';

/**
 * Resend activation and forgot password: one address (400 when malformed, docs/product/rules.md#R142).
 * class-validator runs the decorators bottom-up; the basic checks sit at the bottom.
 */
export class EmailDto {
  @ApiProperty({ example: 'camille@example.com' })
  @ToLowerCaseEmail()
  @IsEmail({}, { message: CommonMessages.invalidEmail })
  @MaxLength(254, { message: CommonMessages.invalidEmail })
  @IsNotEmpty({ message: CommonMessages.required(L.email) })
  @IsString({ message: CommonMessages.invalidEmail })
  @IsDefined({ message: CommonMessages.required(L.email) })
  email: string;
}
