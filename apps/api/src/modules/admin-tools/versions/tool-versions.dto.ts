import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { CatalogueMessages, VersionMessages } from '@outils/contracts';
import { IdField } from '../../../common/validation/decorators';

/** `GET /admin/tools/versions?toolId=`. */
export class ToolVersionsQueryDto {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @IdField(CatalogueMessages.invalidToolId)
  toolId!: number;
}

/** One version of one tool: the link to its file, or its restore. */
export class ToolVersionDto extends ToolVersionsQueryDto {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Numéro de version' })
  @IdField(VersionMessages.versionNumberInvalid)
  number!: number;
}

/** A restore may be marked minor: no alert (docs/product/rules.md#R911). */
export class RestoreVersionDto extends ToolVersionDto {
  @ApiPropertyOptional({ type: 'boolean' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: VersionMessages.minorInvalid })
  minor?: boolean;
}
