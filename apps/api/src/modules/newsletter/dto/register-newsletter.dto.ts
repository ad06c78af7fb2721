import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsEmail, IsIn, IsOptional, MaxLength } from 'class-validator';
import { CatalogueMessages, CommonMessages, NEWSLETTER_SOURCES, type NewsletterSource } from '@outils/contracts';
import { ToBoolean, ToLowerCaseEmail } from '../../../common/validation/transforms';

export class RegisterNewsletterDto {
  @ToLowerCaseEmail()
  @IsDefined({ message: CommonMessages.required('email') })
  @MaxLength(254, { message: CommonMessages.invalidEmail })
  @IsEmail({}, { message: CommonMessages.invalidEmail })
  email: string;

  /** The consent checkbox of the popups (docs/product/rules.md#R452, #R454); absent means not given. */
  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: CatalogueMessages.consentInvalid })
  consent?: boolean;

  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsIn(NEWSLETTER_SOURCES, { message: CatalogueMessages.newsletterSourceInvalid })
  source?: NewsletterSource;
}
