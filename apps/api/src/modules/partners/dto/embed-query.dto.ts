import { ApiPropertyOptional } from '@nestjs/swagger';
import { CommonMessages, PARTNER_EMBED_MAX_TOOLS, PartnerMessages } from '@outils/contracts';
import { Rule } from '../../../common/validation/decorators';
import { ID_DIGITS } from '../../../common/validation/patterns';

const optionalId = (label: string) => (value: unknown) =>
  value === undefined || value === '' || (typeof value === 'string' && ID_DIGITS.test(value) && Number(value) >= 1) ? undefined : CommonMessages.invalidValue(label);

/** What slice of the catalogue an embed shows (docs/product/rules.md#R994, R1007): a topic, a type, a list of tools, or a kit alone. */
export class EmbedQueryDto {
  @ApiPropertyOptional({ description: 'Numéro du sujet' })
  @Rule(optionalId('sujet'))
  sujet?: string;

  @ApiPropertyOptional({ description: 'Numéro du type d’outil' })
  @Rule(optionalId('type'))
  type?: string;

  @ApiPropertyOptional({ description: 'Numéros d’outils séparés par des virgules (12 au plus)' })
  @Rule((value) => {
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') return PartnerMessages.invalidToolList;
    const ids = value.split(',');
    return ids.length <= PARTNER_EMBED_MAX_TOOLS && ids.every((id) => ID_DIGITS.test(id.trim()) && Number(id) >= 1) ? undefined : PartnerMessages.invalidToolList;
  })
  outils?: string;

  @ApiPropertyOptional({ description: 'Jeton du kit (la fin de son adresse /dossiers/…) : ses outils, dans son ordre' })
  @Rule((value, query) => {
    if (value === undefined || value === '') return undefined;
    // A kit shows alone (docs/product/rules.md#R1007): with a slice too, the code is wrong, not silently half-read.
    if ([query.sujet, query.type, query.outils].some((other) => other !== undefined && other !== '')) return PartnerMessages.kitWithSlice;
    return typeof value === 'string' && KIT_TOKEN.test(value) ? undefined : PartnerMessages.kitNotFound;
  })
  kit?: string;
}

/** A shared folder's token (32 random bytes, base64url). */
export const KIT_TOKEN = /^[A-Za-z0-9_-]{43}$/;
