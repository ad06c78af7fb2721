import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsDefined, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength,
  ValidateNested,
} from 'class-validator';
import { CommonMessages, DiagnosticAdminLimits as L, DiagnosticAdminMessages as M } from '@outils/contracts';
import { ANY_CONTROL_CHARACTER, INT4_MAX } from '../../../common/validation/patterns';
import { ToBoolean, TrimString } from '../../../common/validation/transforms';

const NO_CONTROL = new RegExp(`^[^${ANY_CONTROL_CHARACTER.source.slice(1, -1)}]*$`);
const EmptyToNull = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value));

/** An answer of the edited question (docs/product/rules.md#R571). */
export class DiagnosticAnswerInputDto {
  @IsOptional()
  @IsInt({ message: M.unknownAnswer })
  @Min(1, { message: M.unknownAnswer })
  @Max(INT4_MAX, { message: M.unknownAnswer })
  id?: number;

  @TrimString()
  @IsDefined({ message: M.answerRequired })
  @IsString({ message: M.answerRequired })
  @MinLength(1, { message: M.answerRequired })
  @MaxLength(L.answerMaxLength, { message: M.answerTooLong })
  @Matches(NO_CONTROL, { message: M.invalidText })
  text: string;

  @IsDefined({ message: M.points })
  @IsInt({ message: M.points })
  @Min(L.minPoints, { message: M.points })
  @Max(L.maxPoints, { message: M.points })
  points: number;

  @IsDefined({ message: M.toolIds })
  @IsArray({ message: M.toolIds })
  @ArrayMaxSize(L.toolsPerAnswer, { message: M.toolIds })
  @IsInt({ each: true, message: M.toolIds })
  @Min(1, { each: true, message: M.toolIds })
  @Max(INT4_MAX, { each: true, message: M.toolIds })
  toolIds: number[];
}

/** A whole question with its answers, for creation and update (docs/product/rules.md#R571). */
export class DiagnosticQuestionInputDto {
  @IsDefined({ message: M.unknownAxis })
  @IsInt({ message: M.unknownAxis })
  @Min(1, { message: M.unknownAxis })
  @Max(INT4_MAX, { message: M.unknownAxis })
  axisId: number;

  @TrimString()
  @IsDefined({ message: M.questionRequired })
  @IsString({ message: M.questionRequired })
  @MinLength(1, { message: M.questionRequired })
  @MaxLength(L.questionMaxLength, { message: M.questionTooLong })
  @Matches(NO_CONTROL, { message: M.invalidText })
  text: string;

  @EmptyToNull()
  @IsOptional()
  @IsString({ message: M.invalidText })
  @MaxLength(L.helpMaxLength, { message: M.helpTooLong })
  @Matches(NO_CONTROL, { message: M.invalidText })
  help?: string | null;

  @ToBoolean()
  @IsDefined({ message: M.invalidMultiple })
  @IsBoolean({ message: M.invalidMultiple })
  multiple: boolean;

  @IsDefined({ message: M.answersCount })
  @IsArray({ message: M.answersCount })
  @ArrayMinSize(L.minAnswers, { message: M.answersCount })
  @ArrayMaxSize(L.maxAnswers, { message: M.answersCount })
  @ValidateNested({ each: true })
  @Type(() => DiagnosticAnswerInputDto)
  answers: DiagnosticAnswerInputDto[];
}

export class DiagnosticQuestionOrderDto {
  @IsDefined({ message: CommonMessages.required('questionIds') })
  @IsArray({ message: M.invalidOrder })
  @ArrayMaxSize(L.maxQuestions, { message: M.invalidOrder })
  @IsInt({ each: true, message: M.invalidOrder })
  @Min(1, { each: true, message: M.invalidOrder })
  @Max(INT4_MAX, { each: true, message: M.invalidOrder })
  questionIds: number[];
}
