import { Transform } from 'class-transformer';
import { IsDefined, IsInt, Max, Min } from 'class-validator';
import { CatalogueMessages, CommonMessages } from '@outils/contracts';

/** `email` and `token` travel in the same form; the guard reads them, the DTO drops them. */
export class FavoriteDto {
  @Transform(({ value }) => (typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value))
  @IsDefined({ message: CommonMessages.required('toolId') })
  @IsInt({ message: CatalogueMessages.invalidToolId })
  @Min(1, { message: CatalogueMessages.invalidToolId })
  @Max(2_147_483_647, { message: CatalogueMessages.invalidToolId })
  toolId: number;
}
