import { Module } from '@nestjs/common';
import { DelayService } from './delay.service';
import { RateLimitService } from './rate-limit.service';

/** Reusable Redis-backed rate limiting; modules import it and call `RateLimitService.consume`. */
@Module({
  providers: [RateLimitService, DelayService],
  exports: [RateLimitService, DelayService],
})
export class RateLimitModule {}
