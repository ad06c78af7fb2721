import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { CommonMessages } from '@outils/contracts';
import { clientIp } from '../http/client-ip';
import { RateLimitService } from './rate-limit.service';
import type { RateLimitRule } from './rate-limit.types';

const RATE_LIMIT_RULE = 'outils:rate-limit-rule';

/** Counts the request against the route's per-IP rule before anything else runs. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateLimitRule | undefined>(RATE_LIMIT_RULE, context.getHandler());
    if (rule) await this.limits.consume(rule, { ip: clientIp(context.switchToHttp().getRequest<Request>()) }, CommonMessages.tooManyRequestsFromIp);
    return true;
  }
}

/** `@RateLimit(PublicRateLimits.newsletter)`: 429 with Retry-After and a French message past the budget. */
export const RateLimit = (rule: RateLimitRule) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT_RULE, rule),
    UseGuards(RateLimitGuard),
    ApiTooManyRequestsResponse({ description: CommonMessages.tooManyRequestsFromIp }),
  );
