import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { NewsletterController } from './newsletter.controller';
import { NewsletterRepository } from './newsletter.repository';
import { NewsletterService } from './newsletter.service';

@Module({
  imports: [RateLimitModule],
  controllers: [NewsletterController],
  providers: [NewsletterRepository, NewsletterService],
})
export class NewsletterModule {}
