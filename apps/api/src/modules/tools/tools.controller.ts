import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiRoutePatterns, ApiRoutes, DownloadResponse, PARTNER_ATTRIBUTION_PARAM, type ToolSheetResponse } from '@outils/contracts';
import type { JsonReply } from './public-reads.service';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import { extractCredentials } from '../../common/auth/credentials';
import type { AuthUser } from '../../common/auth/auth-user';
import { ErrorShape } from '../../common/errors/error-shape';
import { acceptsGzip } from '../../common/http/compression';
import { sendJsonReply } from '../../common/http/json-reply';
import { FileReply } from '../../common/http/file-reply';
import { sendFile } from '../../common/http/send-file';
import { downloadExclusion } from '../../common/http/download-exclusion';
import { PublicRateLimits } from '../../common/rate-limit/public-rate-limits';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { DownloadLinkQueryDto } from '../downloads/dto/download-link-query.dto';
import { BrokenDownloadLink, DownloadsService } from '../downloads/downloads.service';
import { factsOf } from '../partners/reports/partner-counting';
import { PartnerReportsService } from '../partners/reports/partner-reports.service';
import { ImageQueryDto } from './dto/image-query.dto';
import { SuggestionsQueryDto } from './dto/suggestions-query.dto';
import { ToolsQueryDto } from './dto/tools-query.dto';
import { PublicReadsService } from './public-reads.service';
import { ToolsService } from './tools.service';

/**
 * Every public catalogue path. Express matches routes in the order they are declared, and this
 * one controller declares the fixed `/tools/*` paths (download, file, images, previews) before the tool
 * sheet's `/tools/:idOrSlug`, which would otherwise take them as a slug.
 */
@ApiTags('catalogue')
@Controller()
export class ToolsController {
  constructor(
    private readonly tools: ToolsService,
    private readonly reads: PublicReadsService,
    private readonly downloads: DownloadsService,
    private readonly partnerReports: PartnerReportsService,
  ) {}

  // Public reads answer bytes with ETag and Cache-Control (docs/product/rules.md#R305); their
  // bodies are FiltersResponse, ToolsResponse, FeaturedToolResponse and ToolSheetResponse.
  @Get(ApiRoutes.filters)
  async filters(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendJsonReply(req, res, await this.reads.filters());
  }

  @Get(ApiRoutes.tools)
  @Authenticated({ optional: true })
  @ErrorShape('single-message')
  async list(@Query() query: ToolsQueryDto, @Auth() caller: AuthUser | undefined, @Req() req: Request, @Res() res: Response): Promise<void> {
    const queryString = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    sendJsonReply(req, res, await this.reads.list(query, caller, extractCredentials(req) ? undefined : queryString));
  }

  /** Tools and topics for the words typed so far (docs/product/rules.md#R602); the body is SuggestionsResponse. */
  @Get(ApiRoutes.toolSuggestions)
  @RateLimit(PublicRateLimits.suggestions)
  @ErrorShape('single-message')
  async suggestions(@Query() query: SuggestionsQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendJsonReply(req, res, await this.reads.suggestions(query.q));
  }

  @Get(ApiRoutes.toolsFeatured)
  @Authenticated({ optional: true })
  async featured(@Auth() caller: AuthUser | undefined, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendJsonReply(req, res, await this.reads.featured(caller));
  }

  /** Optional credentials attach the download to the signed-in user. */
  @ApiTags('downloads')
  @Get(ApiRoutes.toolDownload)
  @RateLimit(PublicRateLimits.downloadLink)
  @Authenticated({ optional: true })
  @ErrorShape('single-message')
  downloadLink(@Query() query: DownloadLinkQueryDto, @Auth() caller: AuthUser | undefined): Promise<DownloadResponse> {
    return this.downloads.createLink(query.toolId, caller, new Date(), query.partenaire, query.alternative);
  }

  /**
   * A broken link opened in a browser (an expired or shared one) leads to the tool's sheet, in
   * French, with a fresh download button; programs keep the JSON error (docs/product/rules.md#R204).
   */
  @ApiTags('downloads')
  @Get(ApiRoutes.toolFile)
  @RateLimit(PublicRateLimits.downloadFile)
  async file(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    let file: FileReply;
    try {
      const attribution = query[PARTNER_ATTRIBUTION_PARAM];
      file = await this.downloads.openSignedFile(query, {
        exclusion: downloadExclusion(req),
        // A download through a partner's attributed link (docs/product/rules.md#R997): a used link is a repeat.
        recorded: attribution === undefined ? undefined : (toolId, outcome) =>
          outcome === 'excluded' ? Promise.resolve() : this.partnerReports.creditAttributed(attribution, { kind: 'download', toolId, repeated: outcome === 'repeat' }, factsOf(req)),
      });
    } catch (error) {
      if (!(error instanceof BrokenDownloadLink) || req.accepts(['application/json', 'text/html']) !== 'text/html') throw error;
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, await this.downloads.pageForBrokenLink(error));
      return;
    }
    sendFile(req, res, file);
  }

  /**
   * Public images, as uploaded or `?w=` pixels wide (docs/product/rules.md#R700). An image id never
   * changes content (a new upload gets a new id), nor does its copy: cache for a year.
   */
  @Get(ApiRoutePatterns.toolImage)
  @ErrorShape('single-message')
  async image(@Param('id') id: string, @Query() query: ImageQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendFile(req, res, FileReply.stored(await this.tools.openImage(id, query.w), 'immutable'));
  }

  /**
   * The first page of a tool's PDF (docs/product/rules.md#R636). A new file gets a new preview id,
   * so an id never changes content: cached for a year like the images.
   */
  @Get(ApiRoutePatterns.toolPreview)
  async preview(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendFile(req, res, FileReply.stored(await this.tools.openPreview(id), 'immutable'));
  }

  /**
   * Last: any other `/tools/<segment>` is a tool sheet. `?email=` is accepted and ignored (docs/product/rules.md#R20).
   * `?partenaire=`: the sheet opened through a partner's link, credited to it (docs/product/rules.md#R997).
   */
  @Get(ApiRoutePatterns.toolSheet)
  @Authenticated({ optional: true })
  async sheet(@Param('idOrSlug') idOrSlug: string, @Auth() caller: AuthUser | undefined, @Req() req: Request, @Res() res: Response): Promise<void> {
    const sheet = await this.reads.sheet(idOrSlug, caller, acceptsGzip(req.headers['accept-encoding']));
    const attribution = req.query[PARTNER_ATTRIBUTION_PARAM];
    if (attribution !== undefined) await this.partnerReports.creditAttributed(attribution, { kind: 'sheet', toolId: toolIdOf(sheet) }, factsOf(req));
    sendJsonReply(req, res, sheet);
  }
}

/** The tool of a sheet's reply; null for an old slug's redirection. */
function toolIdOf(sheet: JsonReply): number | null {
  const body = JSON.parse(sheet.body.toString('utf8')) as ToolSheetResponse;
  return 'tool' in body && typeof body.tool.id === 'number' ? body.tool.id : null;
}
