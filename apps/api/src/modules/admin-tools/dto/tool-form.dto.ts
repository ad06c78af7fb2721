import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { CatalogueMessages, DIFFICULTIES, difficultyFromIndex, PUBLICATION_STATUSES, type Difficulty, type PublicationStatus } from '@outils/contracts';
import { digitsToNumber, IdField, isId, Rule } from '../../../common/validation/decorators';
import { CONTROL_CHARACTERS } from '../../../common/validation/patterns';

export type FormMode = 'create' | 'update';

export const FIELD_LABELS = {
  title: 'Titre',
  description: 'Description',
  type: 'Type d’outils',
  category: 'Sujet',
  difficulty: 'Difficulté',
  goal: 'Objectif',
  people: 'Pour qui ?',
  duration: 'Temps estimé',
  isFeatured: 'Outil du mois',
  publication: 'Publication',
  publishAt: 'Date de publication',
  toolFile: 'Fichier',
  fileAlt: 'Description de l’image',
  altFile: 'Version accessible',
  versionNote: 'Quoi de neuf ?',
  minorUpdate: 'Mise à jour mineure',
  images: 'Images',
  toolId: 'Outil',
} as const;

type Field = keyof typeof FIELD_LABELS;

/** An instant with its offset (`Z` or ±HH:MM): a date and time without one would depend on the server's zone. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A value that is not text (an array, an object) or holds control characters. */
const NOT_TEXT = Symbol('not text');
/** A field sent empty (or the synthetic 'null' option of the selects, docs/product/rules.md#R128). */
const EMPTY = '';

/**
 * A form value as text: numbers and booleans (JSON bodies) as their text, line breaks as `\n`,
 * trimmed; PostgreSQL refuses NUL, and no control character is useful in a tool's text.
 */
function formText(value: unknown): string | undefined | typeof NOT_TEXT {
  if (value === undefined) return undefined;
  if (value === null) return EMPTY;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string' || CONTROL_CHARACTERS.test(value)) return NOT_TEXT;
  return value.replace(/\r\n?/g, '\n').trim();
}

/**
 * formText, then `parse` for a non-empty value; '' becomes `empty`, and so does 'null' (the
 * selects' synthetic option) unless the field is free text where "null" is a word like another.
 */
const FormValue = (parse: (text: string) => unknown, empty: unknown = EMPTY, nullWordIsEmpty = true) =>
  Transform(({ value }) => {
    const text = formText(value);
    if (text === undefined || text === NOT_TEXT) return text;
    return text === EMPTY || (nullWordIsEmpty && text === 'null') ? empty : parse(text);
  });

/**
 * One rule per field: not text → "invalid text"; absent → required on creation only (an update
 * keeps the stored value); sent empty → required (docs/product/rules.md#R207); else `check`.
 */
function FormRule(field: Field, mode: FormMode | 'always' | 'never', check: (value: unknown) => string | undefined) {
  const label = FIELD_LABELS[field];
  return Rule((value) => {
    if (value === NOT_TEXT) return CatalogueMessages.fieldInvalidText(label);
    if (value === undefined) return mode === 'create' || mode === 'always' ? CatalogueMessages.fieldRequired(label) : undefined;
    if (value === EMPTY && mode !== 'never') return CatalogueMessages.fieldRequired(label);
    return check(value);
  }, `toolForm.${field}`);
}

const maxLength = (field: Field, max: number) => (value: unknown) =>
  typeof value === 'string' && value.length > max ? CatalogueMessages.fieldTooLong(FIELD_LABELS[field], max) : undefined;

const Reference = (field: 'type' | 'category', mode: FormMode, unknownMessage: string) =>
  applyDecorators(
    FormValue(digitsToNumber),
    FormRule(field, mode, (value) => (isId(value) ? undefined : unknownMessage)),
  );

const OptionalText = (field: 'goal' | 'people' | 'fileAlt', max = 5000) =>
  applyDecorators(ApiPropertyOptional({ maxLength: max }), FormValue((text) => text, null), FormRule(field, 'never', maxLength(field, max)));

/**
 * The text fields of the tool form (docs/product/rules.md#R126, docs/product/rules.md#R207): create needs title, type, category,
 * difficulty and description; update needs description, and any of the others it sends must not
 * be empty. The files, and whether the type and category exist, are checked by the service.
 */
function toolFormDto(mode: FormMode) {
  class ToolFormDto {
    @ApiProperty({ maxLength: 160, required: mode === 'create' })
    @FormValue((text) => text, EMPTY, false)
    @FormRule('title', mode, maxLength('title', 160))
    title?: string;

    @ApiProperty({ maxLength: 20_000 })
    @FormValue((text) => text, EMPTY, false)
    @FormRule('description', 'always', maxLength('description', 20_000))
    description!: string;

    @ApiProperty({ type: 'integer', required: mode === 'create', description: 'Type d’outils (id)' })
    @Reference('type', mode, CatalogueMessages.typeUnknown)
    type?: number;

    @ApiProperty({ type: 'integer', required: mode === 'create', description: 'Sujet (id)' })
    @Reference('category', mode, CatalogueMessages.categoryUnknown)
    category?: number;

    @ApiProperty({ enum: DIFFICULTIES, required: mode === 'create', description: 'Nom, ou son rang 0, 1, 2' })
    @FormValue((text) => DIFFICULTIES.find((d) => d.toLowerCase() === text.toLowerCase()) ?? (/^\d$/.test(text) ? difficultyFromIndex(text) : null) ?? text)
    @FormRule('difficulty', mode, (value) => ((DIFFICULTIES as readonly unknown[]).includes(value) ? undefined : CatalogueMessages.difficultyInvalid))
    difficulty?: Difficulty;

    @OptionalText('goal')
    goal?: string | null;

    @OptionalText('people')
    people?: string | null;

    /** docs/product/rules.md#R942: an image tool file's description (its alternative text). */
    @OptionalText('fileAlt', 1000)
    fileAlt?: string | null;

    @ApiPropertyOptional({ type: Number, description: 'En heures; la virgule décimale est acceptée (« 1,5 »)' })
    @FormValue((text) => {
      const normalised = text.replace(',', '.');
      return /^\d{1,4}(\.\d{1,2})?$/.test(normalised) ? Number(normalised) : text;
    }, null)
    @FormRule('duration', 'never', (value) => (value === null || typeof value === 'number' ? undefined : CatalogueMessages.durationInvalid))
    duration?: number | null;

    @ApiPropertyOptional({ type: Boolean })
    @FormValue((text) => {
      const lower = text.toLowerCase();
      return ['true', '1', 'on', 'yes'].includes(lower) ? true : ['false', '0', 'off', 'no'].includes(lower) ? false : text;
    }, false)
    @FormRule('isFeatured', 'never', (value) => (typeof value === 'boolean' ? undefined : CatalogueMessages.isFeaturedInvalid))
    isFeatured?: boolean;

    /** docs/product/rules.md#R654: not sent, a new tool is published at once and an update keeps the publication. */
    @ApiPropertyOptional({ enum: PUBLICATION_STATUSES })
    @FormValue((text) => text, undefined)
    @FormRule('publication', 'never', (value) => ((PUBLICATION_STATUSES as readonly unknown[]).includes(value) ? undefined : CatalogueMessages.publicationInvalid))
    publication?: PublicationStatus;

    /** When `publication` is `scheduled`: an ISO 8601 date and time with its offset, in the future. */
    @ApiPropertyOptional({ type: String, format: 'date-time', description: 'Avec son décalage horaire, par exemple 2026-12-12T09:00:00+01:00' })
    @FormValue((text) => text, undefined)
    @FormRule('publishAt', 'never', (value) => (typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : CatalogueMessages.publishAtInvalid))
    publishAt?: string;
  }
  // Its own name in the OpenAPI document (schemas are named after classes).
  Object.defineProperty(ToolFormDto, 'name', { value: mode === 'create' ? 'CreateToolDto' : 'UpdateToolDto' });
  return ToolFormDto;
}

export const CreateToolDto = toolFormDto('create');
export type CreateToolDto = InstanceType<typeof CreateToolDto>;
export const UpdateToolDto = toolFormDto('update');
export type UpdateToolDto = InstanceType<typeof UpdateToolDto>;
export type ToolFormDto = CreateToolDto | UpdateToolDto;

/** `toolId` of the update and delete calls. */
export class ToolIdDto {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @IdField(CatalogueMessages.invalidToolId)
  toolId!: number;
}
