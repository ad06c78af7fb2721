import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoutes, FeaturedToolResponse, FiltersResponse, ToolsResponse } from '@outils/contracts';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { ToolsService } from './tools.service';

@ApiTags('catalogue')
@Controller()
export class ToolsController {
  constructor(private readonly tools: ToolsService) {}

  @Get(ApiRoutes.filters)
  filters(): Promise<FiltersResponse> {
    return this.tools.filters();
  }

  /** Query: page, categories[], types[], difficulties[], onlyFavorites, max (admin), q, sort. */
  @Get(ApiRoutes.tools)
  @Authenticated({ optional: true })
  list(@Query() query: Record<string, unknown>, @Auth() caller: AuthUser | undefined): Promise<ToolsResponse> {
    return this.tools.list(query, caller);
  }

  @Get(ApiRoutes.toolsFeatured)
  @Authenticated({ optional: true })
  featured(@Auth() caller: AuthUser | undefined): Promise<FeaturedToolResponse> {
    return this.tools.featured(caller);
  }
}
