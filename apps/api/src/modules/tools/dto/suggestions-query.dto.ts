import { ApiProperty } from '@nestjs/swagger';
import { CatalogueMessages } from '@outils/contracts';
import { QueryScalar, Rule } from '../../../common/validation/decorators';
import { CONTROL_CHARACTERS } from '../../../common/validation/patterns';
import { PublicQuery } from '../../../common/validation/kept-queries';

export const MIN_SUGGESTION_LENGTH = 2;
export const MAX_SUGGESTION_LENGTH = 100;

/** `GET /api/tools/suggestions?q=` (docs/product/rules.md#R602): 2 to 100 characters once trimmed, no control character; else a 400 in French. */
@PublicQuery()
export class SuggestionsQueryDto {
  @ApiProperty({ minLength: MIN_SUGGESTION_LENGTH, maxLength: MAX_SUGGESTION_LENGTH, description: 'Les mots tapés jusqu’ici' })
  @QueryScalar()
  @Rule((v) =>
    typeof v === 'string' && v.trim().length >= MIN_SUGGESTION_LENGTH && v.length <= MAX_SUGGESTION_LENGTH && !CONTROL_CHARACTERS.test(v)
      ? undefined
      : CatalogueMessages.invalidSuggestionQuery,
  )
  q!: string;
}
