import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { FollowedPlanResponse, MyPlanResponse, PlanAdminStats, PlanApiRoutes, PlanMailAnswerPreview } from '@outils/contracts';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { ErrorShape } from '../../common/errors/error-shape';
import { PublicRateLimits } from '../../common/rate-limit/public-rate-limits';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { PlanAnswerDto, PlanMailAnswerDto, PlanStartDto, PlanUnsubscribeDto } from './dto/plan.dto';
import { PlanFollowUpService } from './plan-follow-up.service';

/** The member's followed plan and its mails' links (docs/product/rules.md#R976–R980). */
@ApiTags('diagnostic')
@Controller()
export class PlanFollowUpController {
  constructor(private readonly plans: PlanFollowUpService) {}

  /** docs/product/rules.md#R969: the member's plan, null without one. */
  @Get(PlanApiRoutes.mine)
  @Authenticated()
  mine(@Auth() caller: AuthUser): Promise<MyPlanResponse> {
    return this.plans.mine(caller);
  }

  @Post(PlanApiRoutes.start)
  @HttpCode(200)
  @Authenticated()
  start(@Auth() caller: AuthUser, @Body() body: PlanStartDto): Promise<FollowedPlanResponse> {
    return this.plans.start(caller, body.answerIds);
  }

  @Post(PlanApiRoutes.answer)
  @HttpCode(200)
  @Authenticated()
  answer(@Auth() caller: AuthUser, @Body() body: PlanAnswerDto): Promise<FollowedPlanResponse> {
    return this.plans.answer(caller, body.toolId, body.answer);
  }

  /** The answer page reads what the link would do: a mail scanner following it changes nothing. */
  @Get(PlanApiRoutes.mailAnswer)
  @ErrorShape('single-message')
  @RateLimit(PublicRateLimits.planMailLink)
  previewMailAnswer(@Query() link: PlanMailAnswerDto): Promise<PlanMailAnswerPreview> {
    return this.plans.previewMailAnswer(link);
  }

  /** The answer page's button (docs/product/rules.md#R980): the link is in the query string. */
  @Post(PlanApiRoutes.mailAnswer)
  @HttpCode(200)
  @ErrorShape('single-message')
  @RateLimit(PublicRateLimits.planMailLink)
  mailAnswer(@Query() link: PlanMailAnswerDto): Promise<{ message: string }> {
    return this.plans.mailAnswer(link);
  }

  /** RFC 8058 one-click (`List-Unsubscribe=One-Click`) and the page's button. */
  @Post(PlanApiRoutes.unsubscribe)
  @HttpCode(200)
  @ErrorShape('single-message')
  @RateLimit(PublicRateLimits.planMailLink)
  unsubscribe(@Query() link: PlanUnsubscribeDto): Promise<{ message: string }> {
    return this.plans.unsubscribe(link);
  }

  @Get(PlanApiRoutes.unsubscribe)
  openUnsubscribePage(@Query('plan') plan: unknown, @Query('token') token: unknown, @Res() res: Response): void {
    res.redirect(303, this.plans.unsubscribePageUrl(typeof plan === 'string' ? plan : '', typeof token === 'string' ? token : ''));
  }
}

/** The followed plans' figures on the diagnostic's admin page (docs/product/rules.md#R983), admins only. */
@ApiTags('admin')
@Controller()
@Authenticated({ admin: true })
export class PlanFollowUpAdminController {
  constructor(private readonly plans: PlanFollowUpService) {}

  @Get(PlanApiRoutes.adminStats)
  stats(): Promise<PlanAdminStats> {
    return this.plans.adminStats();
  }
}
