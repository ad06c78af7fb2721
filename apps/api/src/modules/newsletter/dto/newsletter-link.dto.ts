import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, Matches, MaxLength } from 'class-validator';
import { PersonalDataMessages } from '@outils/contracts';
import { UUID_EXACT } from '../../../common/validation/patterns';

/**
 * The two parameters of a newsletter mail link (body of the confirmation, query of the
 * unsubscription). Anything malformed is the link's own French refusal, never a field list.
 */
export class NewsletterLinkDto {
  @ApiProperty({ format: 'uuid' })
  @IsDefined({ message: PersonalDataMessages.newsletterLinkIncomplete })
  @IsString({ message: PersonalDataMessages.newsletterLinkIncomplete })
  @Matches(UUID_EXACT, { message: PersonalDataMessages.newsletterLinkIncomplete })
  id: string;

  @ApiProperty()
  @IsDefined({ message: PersonalDataMessages.newsletterLinkIncomplete })
  @IsString({ message: PersonalDataMessages.newsletterLinkIncomplete })
  @MaxLength(100, { message: PersonalDataMessages.newsletterLinkIncomplete })
  token: string;
}
