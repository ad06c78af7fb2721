import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CatalogueMessages } from '@outils/contracts';
import { IdField } from '../../../common/validation/decorators';

/** `GET /tools/download?toolId=`: the credentials, when present, are read by the guard. */
export class DownloadLinkQueryDto {
  @ApiProperty({ type: 'integer', minimum: 1, example: 12 })
  @IdField(CatalogueMessages.invalidToolId)
  toolId: number;

  /** A partner's signed attribution, carried to the file link; a malformed or tampered one credits nobody (docs/product/rules.md#R997). */
  @ApiPropertyOptional({ description: 'Attribution signée d’un partenaire (`{id}.{signature}`)' })
  @Allow()
  partenaire?: unknown;
}
