import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { DiagnosticLimits, DiagnosticMessages, PLAN_STEP_ANSWERS, PlanMessages, type PlanStepAnswer } from '@outils/contracts';
import { INT4_MAX } from '../../../common/validation/patterns';

/** The result whose plan to follow (docs/product/rules.md#R976): its answers, or none for the latest saved one. */
export class PlanStartDto {
  @ApiProperty({ type: [Number], required: false })
  @IsOptional()
  @IsArray({ message: DiagnosticMessages.answersInvalid })
  @ArrayMaxSize(DiagnosticLimits.maxAnswers, { message: DiagnosticMessages.answersTooMany })
  @IsInt({ each: true, message: DiagnosticMessages.answersInvalid })
  @Min(1, { each: true, message: DiagnosticMessages.answersInvalid })
  @Max(INT4_MAX, { each: true, message: DiagnosticMessages.answersInvalid })
  answerIds?: number[];
}

/** A member's answer to one step (docs/product/rules.md#R977). */
export class PlanAnswerDto {
  @ApiProperty()
  @Type(() => Number)
  @IsDefined({ message: PlanMessages.badToolId })
  @IsInt({ message: PlanMessages.badToolId })
  @Min(1, { message: PlanMessages.badToolId })
  toolId!: number;

  @ApiProperty({ enum: PLAN_STEP_ANSWERS })
  @IsDefined({ message: PlanMessages.badAnswer })
  @IsIn(PLAN_STEP_ANSWERS, { message: PlanMessages.badAnswer })
  answer!: PlanStepAnswer;
}

const PLAN_ID = /^[1-9][0-9]{0,17}$/;

/** A plan mail's unsubscribe link (docs/product/rules.md#R979). */
export class PlanUnsubscribeDto {
  @ApiProperty()
  @IsDefined({ message: PlanMessages.linkInvalid })
  @IsString({ message: PlanMessages.linkInvalid })
  @Matches(PLAN_ID, { message: PlanMessages.linkInvalid })
  plan!: string;

  @ApiProperty()
  @IsDefined({ message: PlanMessages.linkInvalid })
  @IsString({ message: PlanMessages.linkInvalid })
  @MaxLength(100, { message: PlanMessages.linkInvalid })
  token!: string;
}

/** A plan mail's answer link (docs/product/rules.md#R980): the plan, the step's tool, the answer, their signature. */
export class PlanMailAnswerDto extends PlanUnsubscribeDto {
  @ApiProperty()
  @IsDefined({ message: PlanMessages.linkInvalid })
  @IsString({ message: PlanMessages.linkInvalid })
  @Matches(/^[1-9][0-9]{0,9}$/, { message: PlanMessages.linkInvalid })
  tool!: string;

  @ApiProperty({ enum: PLAN_STEP_ANSWERS })
  @IsDefined({ message: PlanMessages.linkInvalid })
  @IsIn(PLAN_STEP_ANSWERS, { message: PlanMessages.linkInvalid })
  answer!: PlanStepAnswer;
}
