import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pipeline } from 'node:stream';
import { InsightsApiRoutes, type ExportLinkResponse, type LeadsResponse, type StatsResponse } from '@outils/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import { contentDisposition } from '../../common/http/send-stream';
import { AdminInsightsService } from './admin-insights.service';
import { ExportLinkDto, LeadsQueryDto, StatsQueryDto } from './dto/insights-query.dto';

const FILE_NAMES = { leads: 'prospects', downloads: 'telechargements' } as const;

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
  async exportFile(@Query('token') token: unknown, @Auth() caller: AuthUser | undefined, @Res() res: Response): Promise<void> {
    const { kind, from, to, csv } = await this.insights.openExport(token, caller);
    res.status(200).set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition(`outils-${FILE_NAMES[kind]}-${from}_${to}.csv`),
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    });
    pipeline(csv, res, () => undefined);
  }
}
