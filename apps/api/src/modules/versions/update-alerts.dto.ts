import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsString, Matches, MaxLength } from 'class-validator';
import { VersionMessages } from '@outils/contracts';
import { UUID_EXACT } from '../../common/validation/patterns';

export class UpdateAlertsDto {
  @ApiProperty({ type: 'boolean' })
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsDefined({ message: VersionMessages.alertsEnabledInvalid })
  @IsBoolean({ message: VersionMessages.alertsEnabledInvalid })
  enabled!: boolean;
}

/** The unsubscribe link's query: the member's id and its signature (docs/product/rules.md#R915). */
export class AlertsUnsubscribeDto {
  @ApiProperty({ format: 'uuid' })
  @IsDefined({ message: VersionMessages.unsubscribeInvalid })
  @IsString({ message: VersionMessages.unsubscribeInvalid })
  @Matches(UUID_EXACT, { message: VersionMessages.unsubscribeInvalid })
  id!: string;

  @ApiProperty()
  @IsDefined({ message: VersionMessages.unsubscribeInvalid })
  @IsString({ message: VersionMessages.unsubscribeInvalid })
  @MaxLength(100, { message: VersionMessages.unsubscribeInvalid })
  token!: string;
}
