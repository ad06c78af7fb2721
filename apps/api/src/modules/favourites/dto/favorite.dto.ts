import { ApiProperty } from '@nestjs/swagger';
import { CatalogueMessages, CommonMessages } from '@outils/contracts';
import { IdField } from '../../../common/validation/decorators';

/** `email` and `token` travel in the same form; the guard reads them, the DTO drops them. */
export class FavoriteDto {
  @ApiProperty({ type: 'integer', minimum: 1, example: 12 })
  @IdField(CatalogueMessages.invalidToolId, CommonMessages.required('toolId'))
  toolId: number;
}
