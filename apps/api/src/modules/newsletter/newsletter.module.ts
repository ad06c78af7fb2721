import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { NewsletterController } from './newsletter.controller';
import { NewsletterRepository } from './newsletter.repository';
import { NewsletterService } from './newsletter.service';

/** Exports the service for the sign-up and the profile switch (docs/product/rules.md#R456). */
@Module({
  imports: [RateLimitModule],
  controllers: [NewsletterController],
  providers: [NewsletterRepository, NewsletterService],
  exports: [NewsletterService],
})
export class NewsletterModule {}
