import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CatalogueMessages, UsefulnessApiRoutes, type UsefulnessAnswerResponse, type UsefulnessSummaryResponse } from '@outils/contracts';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { downloadExclusion } from '../../common/http/download-exclusion';
import { BadRequestError } from '../../common/errors/domain-error';
import { ClientIp } from '../../common/rate-limit/client-ip.decorator';
import { PublicRateLimits } from '../../common/rate-limit/public-rate-limits';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { parseId } from '../../common/validation/patterns';
import { UsefulnessAnswerDto } from './dto/usefulness.dto';
import { UsefulnessService } from './usefulness.service';

@ApiTags('usefulness')
@Controller()
export class UsefulnessController {
  constructor(private readonly usefulness: UsefulnessService) {}

  @Get(UsefulnessApiRoutes.summaryPattern)
  @Authenticated({ optional: true })
  summary(@Param('toolId') toolId: string, @Auth() caller: AuthUser | undefined): Promise<UsefulnessSummaryResponse> {
    const id = parseId(toolId);
    if (id === null) throw new BadRequestError(CatalogueMessages.invalidToolId);
    return this.usefulness.summary(id, caller);
  }

  @Post(UsefulnessApiRoutes.answer)
  @HttpCode(200)
  @RateLimit(PublicRateLimits.usefulness)
  @Authenticated({ optional: true })
  answer(@Body() body: UsefulnessAnswerDto, @Auth() caller: AuthUser | undefined, @ClientIp() ip: string, @Req() req: Request): Promise<UsefulnessAnswerResponse> {
    // The maintained robot list, as for downloads (docs/product/rules.md#R962).
    return this.usefulness.answer(body, caller, ip, downloadExclusion({ method: 'POST', headers: req.headers }) === 'bot');
  }
}
