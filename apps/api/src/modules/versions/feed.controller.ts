import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { VersionApiRoutes } from '@outils/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { FeedService } from './feed.service';
import { VersionRateLimits } from './version-rate-limits';

/** The Atom feed, served by the web server as `/flux.xml` (docs/product/rules.md#R920). Public, the same for everyone. */
@ApiTags('seo')
@Controller()
export class FeedController {
  constructor(private readonly feed: FeedService) {}

  @Get(VersionApiRoutes.feed)
  @Header('Cache-Control', 'public, max-age=300')
  @RateLimit(VersionRateLimits.feed)
  async atom(@Res({ passthrough: true }) res: Response): Promise<string> {
    res.type('application/atom+xml; charset=utf-8');
    return this.feed.atom();
  }
}
