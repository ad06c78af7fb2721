import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional } from 'class-validator';
import { CatalogueMessages, CommonMessages, UsefulnessLimits, UsefulnessMessages, VISITOR_KEY_PATTERN } from '@outils/contracts';
import { IdField, QueryScalar, Rule, TrimToNull } from '../../../common/validation/decorators';
import { CONTROL_CHARACTERS } from '../../../common/validation/patterns';
import { ToBoolean } from '../../../common/validation/transforms';

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** docs/product/rules.md#R960: an answer; `email`/`token` of a member travel beside it and are dropped. */
export class UsefulnessAnswerDto {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @IdField(CatalogueMessages.invalidToolId, CommonMessages.required('toolId'))
  toolId: number;

  @ApiProperty()
  @ToBoolean()
  @IsDefined({ message: UsefulnessMessages.invalidUseful })
  @Rule((v) => (typeof v === 'boolean' ? undefined : UsefulnessMessages.invalidUseful))
  useful: boolean;

  /** Absent: the answer keeps its comment; empty: the comment is removed. */
  @ApiPropertyOptional({ maxLength: UsefulnessLimits.commentMaxLength, nullable: true })
  @TrimToNull()
  @IsOptional()
  @Rule((v) => {
    if (typeof v !== 'string') return UsefulnessMessages.invalidComment;
    if (CONTROL_CHARACTERS.test(v)) return UsefulnessMessages.invalidComment;
    return v.length > UsefulnessLimits.commentMaxLength ? UsefulnessMessages.commentTooLong : undefined;
  })
  comment?: string | null;

  @ApiPropertyOptional({ description: 'A guest’s browser key (22–64 URL-safe characters).' })
  @IsOptional()
  @Rule((v) => (typeof v === 'string' && VISITOR_KEY_PATTERN.test(v) ? undefined : UsefulnessMessages.visitorKeyNeeded))
  visitorKey?: string;

  @ApiPropertyOptional({ description: 'A guest’s download link signature.' })
  @IsOptional()
  @Rule((v) => (typeof v === 'string' && SIGNATURE.test(v) ? undefined : UsefulnessMessages.invalidDownloadProof))
  downloadProof?: string;
}

export class UsefulnessCommentsQueryDto {
  @IsOptional()
  @QueryScalar({ numeric: true })
  @Rule((v) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 2_147_483_647 ? undefined : CatalogueMessages.invalidToolId))
  toolId?: number;

  @IsOptional()
  @QueryScalar({ numeric: true })
  @Rule((v) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 10_000 ? undefined : CatalogueMessages.invalidPage))
  page?: number;
}

export class UsefulnessVisibilityDto {
  @ApiProperty()
  @QueryScalar()
  @Rule((v) => (typeof v === 'string' && /^\d{1,18}$/.test(v) ? undefined : UsefulnessMessages.invalidCommentId))
  id: string;

  @ApiProperty()
  @ToBoolean()
  @Rule((v) => (typeof v === 'boolean' ? undefined : UsefulnessMessages.invalidHidden))
  hidden: boolean;
}
