import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ADMIN_LISTING_MAX, CatalogueMessages, DIFFICULTIES, LISTING_SORTS, type Difficulty, type ListingSort } from '@outils/contracts';
import { digitsToNumber, isId, QueryList, QueryScalar, Rule } from '../../../common/validation/decorators';
import { CONTROL_CHARACTERS } from '../../../common/validation/patterns';
import { PublicQuery } from '../../../common/validation/kept-queries';

/**
 * The deepest page served (docs/product/rules.md#R182): 1 000 pages of 12 tools. Deeper pages cost the database a long
 * OFFSET scan for nobody (filters and search narrow a large catalogue); beyond it, a 400.
 */
export const MAX_PAGE = 1000;
const MAX_VALUES_PER_FILTER = 50;
const MAX_SEARCH_LENGTH = 200;

export const FILTER_LABELS = { categories: 'Sujet', types: 'Type d’outils', difficulties: 'Difficulté' } as const;

const idList = (label: string) =>
  QueryList({
    max: MAX_VALUES_PER_FILTER,
    parse: (text) => {
      const id = digitsToNumber(text);
      return isId(id) ? id : undefined;
    },
    invalid: CatalogueMessages.invalidFilter(label),
    tooMany: CatalogueMessages.tooManyFilterValues(label),
  });

/** A true/false parameter: `true`/`1`, `false`/`0`/empty; anything else is left for the rule to refuse. */
function booleanParam(value: unknown): unknown {
  const text = typeof value === 'string' ? value.trim() : value;
  return text === '' || text === 'false' || text === '0' ? false : text === 'true' || text === '1' ? true : text;
}

/**
 * `GET /api/tools` parameters. Every malformed value is a 400 with a French `{ message }`
 * (docs/product/rules.md#R73), never a 500; a parameter sent twice where one value is expected is malformed.
 * Unknown parameters (credentials, cache busters…) are dropped; the guard reads credentials itself.
 */
@PublicQuery()
export class ToolsQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 })
  @QueryScalar({ numeric: true, empty: 1 })
  @Rule((v) => (typeof v !== 'number' || v < 1 ? CatalogueMessages.invalidPage : v > MAX_PAGE ? CatalogueMessages.pageTooFar(MAX_PAGE) : undefined))
  page: number = 1;

  @ApiPropertyOptional({ type: [Number], description: 'Sujets (`categories[]=1&categories[]=2`)' })
  @idList(FILTER_LABELS.categories)
  categories: number[] = [];

  @ApiPropertyOptional({ type: [Number], description: 'Types d’outils' })
  @idList(FILTER_LABELS.types)
  types: number[] = [];

  @ApiPropertyOptional({ enum: DIFFICULTIES, isArray: true, description: 'Difficultés, sans tenir compte de la casse' })
  @QueryList({
    max: MAX_VALUES_PER_FILTER,
    parse: (text) => DIFFICULTIES.find((d) => d.toLowerCase() === text.toLowerCase()),
    invalid: CatalogueMessages.invalidFilter(FILTER_LABELS.difficulties),
    tooMany: CatalogueMessages.tooManyFilterValues(FILTER_LABELS.difficulties),
  })
  difficulties: Difficulty[] = [];

  @ApiPropertyOptional({ type: Boolean, description: 'Favoris seulement (membre connecté)' })
  @Transform(({ value }) => booleanParam(value))
  @Rule((v) => (typeof v === 'boolean' ? undefined : CatalogueMessages.invalidOnlyFavorites))
  onlyFavorites: boolean = false;

  /** docs/product/rules.md#R950: only tools whose document conforms (file or alternative accessible). */
  @ApiPropertyOptional({ type: Boolean, description: 'Documents accessibles seulement' })
  @Transform(({ value }) => booleanParam(value))
  @Rule((v) => (typeof v === 'boolean' ? undefined : CatalogueMessages.invalidAccessibleOnly))
  accessibleOnly: boolean = false;

  /** Admin listing: page size 1..100, adds `downloadCount`. */
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: ADMIN_LISTING_MAX, description: 'Taille de page (administrateurs)' })
  @QueryScalar({ numeric: true })
  @Rule((v) => (v === undefined || (typeof v === 'number' && v >= 1 && v <= ADMIN_LISTING_MAX) ? undefined : CatalogueMessages.invalidMax))
  max?: number;

  @ApiPropertyOptional({ maxLength: MAX_SEARCH_LENGTH, description: 'Recherche' })
  @QueryScalar()
  // NUL and other control characters cannot reach PostgreSQL text (it would answer 500).
  @Rule((v) =>
    v === undefined || (typeof v === 'string' && v.length <= MAX_SEARCH_LENGTH && !CONTROL_CHARACTERS.test(v)) ? undefined : CatalogueMessages.invalidSearch,
  )
  q?: string;

  @ApiPropertyOptional({ enum: LISTING_SORTS })
  @QueryScalar()
  @Rule((v) => (v === undefined || (LISTING_SORTS as readonly unknown[]).includes(v) ? undefined : CatalogueMessages.invalidSort))
  sort?: ListingSort;
}
