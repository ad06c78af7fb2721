import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EXPORT_KINDS, InsightsLimits, InsightsMessages as M, STATS_GRANULARITIES, type ExportKind, type StatsGranularity } from '@outils/contracts';
import { isId, QueryScalar, Rule } from '../../../common/validation/decorators';
import { CONTROL_CHARACTERS } from '../../../common/validation/patterns';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * A range of Europe/Paris days (docs/product/rules.md#R677): both ends valid dates, `from` not after
 * `to`, at most `InsightsLimits.maxRangeDays` days. `required`: the export's range has no default.
 */
const dayCheck = (label: string, required: boolean) => (value: unknown) =>
  (value === undefined && !required) || isIsoDay(value) ? undefined : M.dateInvalid(label);
const rangeCheck = (value: unknown, object: Record<string, unknown>, required: boolean) => {
  const problem = dayCheck('au', required)(value);
  if (problem || value === undefined || !isIsoDay(object.from)) return problem;
  const span = daysBetween(object.from, value as string);
  if (span < 0) return M.rangeReversed;
  return span + 1 > InsightsLimits.maxRangeDays ? M.rangeTooLong(InsightsLimits.maxRangeDays) : undefined;
};
const scopeCheck = (label: string) => (value: unknown, object: Record<string, unknown>) => {
  if (value === undefined) return undefined;
  if (!isId(value)) return M.scopeInvalid(label);
  const given = ['toolId', 'categoryId', 'typeId'].filter((key) => object[key] !== undefined);
  return given.length > 1 ? M.scopeTooMany : undefined;
};

/** `GET /admin/stats` (docs/product/rules.md#R675). Without dates: the last 30 days, today included. */
export class StatsQueryDto {
  @ApiPropertyOptional({ example: '2026-03-01' })
  @QueryScalar()
  @Rule(dayCheck('du', false))
  from?: string;

  @ApiPropertyOptional({ example: '2026-03-31' })
  @QueryScalar()
  @Rule((value, object) => rangeCheck(value, object, false))
  to?: string;

  @ApiPropertyOptional({ enum: STATS_GRANULARITIES, default: 'day' })
  @QueryScalar()
  @Rule((v) => (v === undefined || (STATS_GRANULARITIES as readonly unknown[]).includes(v) ? undefined : M.granularityInvalid))
  granularity?: StatsGranularity;

  @ApiPropertyOptional({ type: 'integer' }) @QueryScalar({ numeric: true }) @Rule(scopeCheck('outil')) toolId?: number;
  @ApiPropertyOptional({ type: 'integer' }) @QueryScalar({ numeric: true }) @Rule(scopeCheck('sujet')) categoryId?: number;
  @ApiPropertyOptional({ type: 'integer' }) @QueryScalar({ numeric: true }) @Rule(scopeCheck('type')) typeId?: number;
}

/** `GET /admin/leads` (docs/product/rules.md#R680). */
export class LeadsQueryDto {
  @ApiPropertyOptional({ maxLength: InsightsLimits.searchMaxLength, description: 'Partie de l’adresse e-mail' })
  @QueryScalar()
  @Rule((v) => (v === undefined || (typeof v === 'string' && v.length <= InsightsLimits.searchMaxLength && !CONTROL_CHARACTERS.test(v)) ? undefined : M.searchInvalid))
  q?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
  @QueryScalar({ numeric: true, empty: 1 })
  @Rule((v) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 100_000 ? undefined : M.pageInvalid))
  page: number = 1;
}

/** `POST /admin/exports/link` (docs/product/rules.md#R682): which file, for which days. */
export class ExportLinkDto {
  @ApiProperty({ enum: EXPORT_KINDS })
  @Rule((v) => ((EXPORT_KINDS as readonly unknown[]).includes(v) ? undefined : M.exportKindInvalid))
  kind: ExportKind;

  @ApiProperty({ example: '2026-03-01' })
  @Rule(dayCheck('du', true))
  from: string;

  @ApiProperty({ example: '2026-03-31' })
  @Rule((value, object) => rangeCheck(value, object, true))
  to: string;
}
