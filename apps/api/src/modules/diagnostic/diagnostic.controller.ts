import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  DiagnosticApiRoutes, DiagnosticHistoryResponse, DiagnosticQuestionnaire, DiagnosticResultResponse, ForYouResponse,
  RelatedToolsResponse, SavedDiagnosticResultResponse,
} from '@outils/contracts';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import type { RateLimitRule } from '../../common/rate-limit/rate-limit.types';
import { DiagnosticService } from './diagnostic.service';
import { DiagnosticAnswersDto } from './dto/diagnostic-answers.dto';
import { RecommendationsService } from './recommendations.service';

/** Per-IP budget of the results (docs/product/rules.md#R558): a visitor retaking the diagnostic stays far under. */
export const DiagnosticRateLimit: RateLimitRule = { name: 'diagnostic-results', perIp: { points: 120, durationSeconds: 10 * 60 } };

/** Personalised advice (docs/product/rules.md#R550–R599). */
@ApiTags('diagnostic')
@Controller()
export class DiagnosticController {
  constructor(private readonly diagnostic: DiagnosticService, private readonly recommendations: RecommendationsService) {}

  @Get(DiagnosticApiRoutes.questionnaire)
  questionnaire(): Promise<DiagnosticQuestionnaire> {
    return this.diagnostic.questionnaire();
  }

  @Post(DiagnosticApiRoutes.evaluate)
  @HttpCode(200)
  @RateLimit(DiagnosticRateLimit)
  @Authenticated({ optional: true })
  evaluate(@Body() body: DiagnosticAnswersDto, @Auth() caller: AuthUser | undefined): Promise<DiagnosticResultResponse> {
    return this.diagnostic.evaluate(body.answerIds, caller);
  }

  @Get(DiagnosticApiRoutes.results)
  @Authenticated()
  history(@Auth() caller: AuthUser): Promise<DiagnosticHistoryResponse> {
    return this.diagnostic.history(caller);
  }

  @Post(DiagnosticApiRoutes.resultCreate)
  @HttpCode(200)
  @RateLimit(DiagnosticRateLimit)
  @Authenticated()
  save(@Auth() caller: AuthUser, @Body() body: DiagnosticAnswersDto): Promise<SavedDiagnosticResultResponse> {
    return this.diagnostic.save(caller, body.answerIds);
  }

  @Get(DiagnosticApiRoutes.forYou)
  @Authenticated({ optional: true })
  forYou(@Auth() caller: AuthUser | undefined): Promise<ForYouResponse> {
    return this.recommendations.forYou(caller);
  }

  @Get(DiagnosticApiRoutes.related(':id'))
  @Authenticated({ optional: true })
  related(@Param('id') id: string, @Auth() caller: AuthUser | undefined): Promise<RelatedToolsResponse> {
    return this.recommendations.related(id, caller);
  }
}
