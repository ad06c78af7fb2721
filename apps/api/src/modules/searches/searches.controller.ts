import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SearchesApiRoutes, SearchesMessages, type SearchesResponse } from '@outils/contracts';
import { Authenticated } from '../../common/auth/auth.decorators';
import { PublicRateLimits } from '../../common/rate-limit/public-rate-limits';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { RecordSearchDto, SearchesQueryDto, SearchOpenedDto } from './dto/searches.dto';
import { SearchesService } from './searches.service';

/** The public routes read no credentials: a search is never tied to who made it (docs/product/rules.md#R971). */
@ApiTags('searches')
@Controller()
export class SearchesController {
  constructor(private readonly searches: SearchesService) {}

  @Post(SearchesApiRoutes.record)
  @HttpCode(200)
  @RateLimit(PublicRateLimits.searches)
  async record(@Body() body: RecordSearchDto): Promise<{ message: string }> {
    await this.searches.record(body);
    return { message: SearchesMessages.recorded };
  }

  @Post(SearchesApiRoutes.opened)
  @HttpCode(200)
  @RateLimit(PublicRateLimits.searches)
  async opened(@Body() body: SearchOpenedDto): Promise<{ message: string }> {
    await this.searches.opened(body);
    return { message: SearchesMessages.recorded };
  }

  @Get(SearchesApiRoutes.admin)
  @Authenticated({ admin: true })
  report(@Query() query: SearchesQueryDto): Promise<SearchesResponse> {
    return this.searches.report(query);
  }
}
