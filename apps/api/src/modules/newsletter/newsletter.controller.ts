import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoutes, MessageBody } from '@outils/contracts';
import { PublicRateLimits } from '../../common/rate-limit/public-rate-limits';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { RegisterNewsletterDto } from './dto/register-newsletter.dto';
import { NewsletterService } from './newsletter.service';

@ApiTags('newsletter')
@Controller()
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Post(ApiRoutes.newsletterRegister)
  @HttpCode(200)
  @RateLimit(PublicRateLimits.newsletter)
  register(@Body() body: RegisterNewsletterDto): Promise<MessageBody> {
    return this.newsletter.register(body);
  }
}
