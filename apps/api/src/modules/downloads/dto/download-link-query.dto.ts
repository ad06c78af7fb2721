import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CatalogueMessages } from '@outils/contracts';
import { IdField, Rule } from '../../../common/validation/decorators';
import { ToBoolean } from '../../../common/validation/transforms';

/** `GET /tools/download?toolId=`: the credentials, when present, are read by the guard. */
export class DownloadLinkQueryDto {
  @ApiProperty({ type: 'integer', minimum: 1, example: 12 })
  @IdField(CatalogueMessages.invalidToolId)
  toolId: number;

  /** The declared accessible alternative instead of the tool's file (docs/product/rules.md#R946): `true`/`1`/`on`, `false`/`0`/empty. */
  @ApiPropertyOptional({ type: Boolean, description: 'Version accessible de l’outil' })
  @ToBoolean()
  @Rule((v) => (typeof v === 'boolean' ? undefined : CatalogueMessages.invalidAlternative))
  alternative: boolean = false;

  /** A partner's signed attribution, carried to the file link; a malformed or tampered one credits nobody (docs/product/rules.md#R997). */
  @ApiPropertyOptional({ description: 'Attribution signée d’un partenaire (`{id}.{signature}`)' })
  @Allow()
  partenaire?: unknown;
}
