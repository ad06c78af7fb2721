import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { CatalogueMessages, CommonMessages, FolderLimits, FolderMessages } from '@outils/contracts';
import { ANY_CONTROL_CHARACTER, CONTROL_CHARACTERS, INT4_MAX } from '../../../common/validation/patterns';
import { ToBoolean, TrimString } from '../../../common/validation/transforms';

/** No control characters (line breaks are allowed in the description only). */
const NO_CONTROL = new RegExp(`^[^${ANY_CONTROL_CHARACTER.source.slice(1, -1)}]*$`);
const NO_CONTROL_BUT_LINES = new RegExp(`^[^${CONTROL_CHARACTERS.source.slice(1, -1)}]*$`);

const ToToolId = () => Transform(({ value }) => (typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value));
const EmptyToNull = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value));

/** Name and description of a folder (docs/product/rules.md#R502). */
export class FolderTextDto {
  @TrimString()
  @IsDefined({ message: FolderMessages.nameRequired })
  @IsString({ message: FolderMessages.nameRequired })
  @MinLength(1, { message: FolderMessages.nameRequired })
  @MaxLength(FolderLimits.nameMaxLength, { message: FolderMessages.nameTooLong })
  @Matches(NO_CONTROL, { message: FolderMessages.invalidText })
  name: string;

  @EmptyToNull()
  @IsOptional()
  @IsString({ message: FolderMessages.invalidText })
  @MaxLength(FolderLimits.descriptionMaxLength, { message: FolderMessages.descriptionTooLong })
  @Matches(NO_CONTROL_BUT_LINES, { message: FolderMessages.invalidText })
  description?: string | null;
}

export class CreateFolderDto extends FolderTextDto {
  /** Optional first tool ("Nouveau dossier…" from a card or a sheet). */
  @ToToolId()
  @IsOptional()
  @IsInt({ message: CatalogueMessages.invalidToolId })
  @Min(1, { message: CatalogueMessages.invalidToolId })
  @Max(INT4_MAX, { message: CatalogueMessages.invalidToolId })
  toolId?: number;
}

export class FolderToolDto {
  @ToToolId()
  @IsDefined({ message: CommonMessages.required('toolId') })
  @IsInt({ message: CatalogueMessages.invalidToolId })
  @Min(1, { message: CatalogueMessages.invalidToolId })
  @Max(INT4_MAX, { message: CatalogueMessages.invalidToolId })
  toolId: number;
}

export class FolderOrderDto {
  @IsDefined({ message: CommonMessages.required('toolIds') })
  @IsArray({ message: FolderMessages.invalidOrder })
  @ArrayMaxSize(FolderLimits.toolsPerFolder, { message: FolderMessages.invalidOrder })
  @IsInt({ each: true, message: FolderMessages.invalidOrder })
  @Min(1, { each: true, message: FolderMessages.invalidOrder })
  @Max(INT4_MAX, { each: true, message: FolderMessages.invalidOrder })
  toolIds: number[];
}

export class FolderKitDto {
  @ToBoolean()
  @IsDefined({ message: CommonMessages.required('isKit') })
  @IsBoolean({ message: FolderMessages.invalidIsKit })
  isKit: boolean;
}

/** `toolId` 0 removes the items whose tool was deleted from the catalogue. */
export class FolderRemoveToolDto {
  @ToToolId()
  @IsDefined({ message: CommonMessages.required('toolId') })
  @IsInt({ message: CatalogueMessages.invalidToolId })
  @Min(0, { message: CatalogueMessages.invalidToolId })
  @Max(INT4_MAX, { message: CatalogueMessages.invalidToolId })
  toolId: number;
}
