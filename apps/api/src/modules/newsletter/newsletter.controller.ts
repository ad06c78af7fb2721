import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiRoutes, MessageBody, PersonalDataApiRoutes } from '@outils/contracts';
import { ErrorShape } from '../../common/errors/error-shape';
import { ClientIp } from '../../common/rate-limit/client-ip.decorator';
import { PublicRateLimits } from '../../common/rate-limit/public-rate-limits';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { NewsletterLinkDto } from './dto/newsletter-link.dto';
import { RegisterNewsletterDto } from './dto/register-newsletter.dto';
import { NewsletterService } from './newsletter.service';

@ApiTags('newsletter')
@Controller()
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Post(ApiRoutes.newsletterRegister)
  @HttpCode(200)
  @RateLimit(PublicRateLimits.newsletter)
  register(@Body() body: RegisterNewsletterDto, @ClientIp() ip: string): Promise<MessageBody> {
    return this.newsletter.register(body, ip);
  }

  /** docs/product/rules.md#R451 */
  @Post(PersonalDataApiRoutes.newsletterConfirm)
  @HttpCode(200)
  @ErrorShape('single-message')
  @RateLimit(PublicRateLimits.newsletterLink)
  confirm(@Body() body: NewsletterLinkDto, @ClientIp() ip: string): Promise<MessageBody> {
    return this.newsletter.confirm(body, ip);
  }

  /**
   * RFC 8058 one-click (`List-Unsubscribe=One-Click` in a form body) and the web page's call:
   * the link is in the query string, whatever the body (docs/product/rules.md#R744).
   */
  @Post(PersonalDataApiRoutes.newsletterUnsubscribe)
  @HttpCode(200)
  @ErrorShape('single-message')
  @RateLimit(PublicRateLimits.newsletterLink)
  unsubscribe(@Query() link: NewsletterLinkDto, @ClientIp() ip: string): Promise<MessageBody> {
    return this.newsletter.unsubscribe(link, ip);
  }

  /**
   * A mail client that opens the `List-Unsubscribe` address in a browser: a GET never
   * unsubscribes (link scanners follow GETs); it leads to the web page, whose button does it
   * (docs/product/rules.md#R744).
   */
  @Get(PersonalDataApiRoutes.newsletterUnsubscribe)
  openUnsubscribePage(@Query('id') id: unknown, @Query('token') token: unknown, @Res() res: Response): void {
    res.redirect(303, this.newsletter.unsubscribePageUrl(typeof id === 'string' ? id : '', typeof token === 'string' ? token : ''));
  }
}
