import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { SearchesMessages } from '@outils/contracts';
import { digitsToNumber, QueryScalar, Rule } from '../../../common/validation/decorators';
import { Transform } from 'class-transformer';

const text = (v: unknown) => (typeof v === 'string' && v.trim().length >= 1 && v.length <= 200 ? undefined : SearchesMessages.invalidText);

/** A search settled in the library: its text and result count; nothing else is read. */
export class RecordSearchDto {
  @ApiProperty({ maxLength: 200 })
  @Rule(text)
  q: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  @Transform(({ value }) => digitsToNumber(value))
  @Rule((v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1_000_000 ? undefined : SearchesMessages.invalidResults))
  results: number;
}

export class SearchOpenedDto {
  @ApiProperty({ maxLength: 200 })
  @Rule(text)
  q: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export class SearchesQueryDto {
  @ApiPropertyOptional({ example: '2026-11-01' })
  @IsOptional()
  @QueryScalar()
  @Rule((v) => (typeof v === 'string' && validDay(v) ? undefined : SearchesMessages.dateInvalid('from')))
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30' })
  @IsOptional()
  @QueryScalar()
  @Rule((v) => (typeof v === 'string' && validDay(v) ? undefined : SearchesMessages.dateInvalid('to')))
  to?: string;
}
