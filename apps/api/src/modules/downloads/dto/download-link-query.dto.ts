import { ApiProperty } from '@nestjs/swagger';
import { CatalogueMessages } from '@outils/contracts';
import { IdField } from '../../../common/validation/decorators';

/** `GET /tools/download?toolId=`: the credentials, when present, are read by the guard. */
export class DownloadLinkQueryDto {
  @ApiProperty({ type: 'integer', minimum: 1, example: 12 })
  @IdField(CatalogueMessages.invalidToolId)
  toolId: number;
}
