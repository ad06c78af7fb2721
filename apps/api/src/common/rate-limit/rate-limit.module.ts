import { Module } from '@nestjs/common';
import { RateLimitService } from './rate-limit.service';

/** Reusable Redis-backed rate limiting; modules import it and call `RateLimitService.consume`. */
@Module({
  providers: [RateLimitService],
  exports: [RateLimitService],
})
export class RateLimitModule {}
