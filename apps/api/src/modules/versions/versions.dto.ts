import { ApiProperty } from '@nestjs/swagger';
import { CatalogueMessages } from '@outils/contracts';
import { IdField } from '../../common/validation/decorators';

export class ToolVersionsParamsDto {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @IdField(CatalogueMessages.invalidToolId)
  toolId!: number;
}
