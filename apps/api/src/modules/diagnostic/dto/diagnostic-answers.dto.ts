import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, Max, Min } from 'class-validator';
import { CommonMessages, DiagnosticLimits, DiagnosticMessages } from '@outils/contracts';
import { INT4_MAX } from '../../../common/validation/patterns';

/** The chosen answers (docs/product/rules.md#R551): ids of the questionnaire's answers. */
export class DiagnosticAnswersDto {
  @ApiProperty({ type: [Number], description: 'Identifiants des réponses choisies (questions passées : aucune).' })
  @IsDefined({ message: CommonMessages.required('answerIds') })
  @IsArray({ message: DiagnosticMessages.answersInvalid })
  @ArrayMaxSize(DiagnosticLimits.maxAnswers, { message: DiagnosticMessages.answersTooMany })
  @IsInt({ each: true, message: DiagnosticMessages.answersInvalid })
  @Min(1, { each: true, message: DiagnosticMessages.answersInvalid })
  @Max(INT4_MAX, { each: true, message: DiagnosticMessages.answersInvalid })
  answerIds: number[];
}
