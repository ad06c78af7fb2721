import { ApiPropertyOptional } from '@nestjs/swagger';
import { CatalogueMessages, isToolImageWidth, TOOL_IMAGE_WIDTHS } from '@outils/contracts';
import type { ToolImageWidth } from '@outils/contracts';
import { QueryScalar, Rule } from '../../../common/validation/decorators';
import { PublicQuery } from '../../../common/validation/kept-queries';

/** `GET /tools/images/:id?w=`: without `w` the image as uploaded, else its copy that wide (docs/product/rules.md#R700). */
@PublicQuery()
export class ImageQueryDto {
  @ApiPropertyOptional({ enum: TOOL_IMAGE_WIDTHS, description: 'Largeur de la copie, en pixels' })
  @QueryScalar({ numeric: true })
  @Rule((value) => (value === undefined || isToolImageWidth(value) ? undefined : CatalogueMessages.imageWidthInvalid), 'imageWidth')
  w?: ToolImageWidth;
}
