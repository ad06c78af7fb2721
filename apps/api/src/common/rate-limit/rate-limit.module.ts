import { Module } from '@nestjs/common';
import { DelayService } from './delay.service';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitService } from './rate-limit.service';

/** Reusable Redis-backed rate limiting; modules import it and call `RateLimitService.consume`. */
@Module({
  providers: [RateLimitService, DelayService, RateLimitGuard],
  exports: [RateLimitService, DelayService, RateLimitGuard],
})
export class RateLimitModule {}
