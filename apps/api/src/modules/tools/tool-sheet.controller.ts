import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ToolSheetResponse } from '@outils/contracts';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { ToolsService } from './tools.service';

/**
 * `GET /tools/{idOrSlug}`. Its own module, registered after the downloads module, so that
 * `/tools/download` and `/tools/file` are matched first (see tools.module.ts).
 */
@ApiTags('catalogue')
@Controller()
export class ToolSheetController {
  constructor(private readonly tools: ToolsService) {}

  /** `?email=` (spec §7) is accepted and ignored: it is not a credential on its own. */
  @Get('/tools/:idOrSlug')
  @Authenticated({ optional: true })
  sheet(@Param('idOrSlug') idOrSlug: string, @Auth() caller: AuthUser | undefined): Promise<ToolSheetResponse> {
    return this.tools.sheet(idOrSlug, caller);
  }
}
