import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { InsightsApiRoutes, type ExportLinkResponse, type LeadsResponse, type StatsResponse } from '@outils/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import { sendFile } from '../../common/http/send-file';
import { AdminInsightsService } from './admin-insights.service';
import { ExportLinkDto, LeadsQueryDto, StatsQueryDto } from './dto/insights-query.dto';

@ApiTags('admin')
@Controller()
export class AdminInsightsController {
  constructor(private readonly insights: AdminInsightsService) {}

  @Get(InsightsApiRoutes.stats)
  @Authenticated({ admin: true })
  stats(@Query() query: StatsQueryDto): Promise<StatsResponse> {
    return this.insights.stats(query);
  }

  @Get(InsightsApiRoutes.leads)
  @Authenticated({ admin: true })
  leads(@Query() query: LeadsQueryDto): Promise<LeadsResponse> {
    return this.insights.leads(query);
  }

  @Post(InsightsApiRoutes.exportLink)
  @HttpCode(200)
  @Authenticated({ admin: true })
  exportLink(@Body() body: ExportLinkDto, @Auth() admin: AuthUser): ExportLinkResponse {
    return this.insights.exportLink(body, admin);
  }

  /**
   * The file behind an export link, opened by the admin's browser (no credentials needed: the
   * link is signed and bound to the session; credentials of another session are refused).
   */
  @Get(InsightsApiRoutes.exportFile)
  @Authenticated({ optional: true })
  @ApiExcludeEndpoint()
  async exportFile(@Query('token') token: unknown, @Auth() caller: AuthUser | undefined, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendFile(req, res, await this.insights.openExport(token, caller));
  }
}
