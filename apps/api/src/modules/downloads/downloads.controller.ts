import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiRoutes, DownloadResponse } from '@outils/contracts';
import { PublicRateLimits } from '../../common/rate-limit/public-rate-limits';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { sendStream } from '../tools/send-stream';
import { BrokenDownloadLink, contentDisposition, DownloadsService, FileToSend } from './downloads.service';

@ApiTags('downloads')
@Controller()
export class DownloadsController {
  constructor(private readonly downloads: DownloadsService) {}

  /** Optional credentials attach the download to the signed-in user. */
  @Get(ApiRoutes.toolDownload)
  @RateLimit(PublicRateLimits.downloadLink)
  @Authenticated({ optional: true })
  link(@Query('toolId') toolId: unknown, @Auth() caller: AuthUser | undefined): Promise<DownloadResponse> {
    return this.downloads.createLink(toolId, caller);
  }

  /**
   * A broken link opened in a browser (an expired or shared one) leads to the tool's sheet, in
   * French, with a fresh download button; programs keep the JSON error (docs/product/rules.md#R204).
   */
  @Get(ApiRoutes.toolFile)
  @RateLimit(PublicRateLimits.downloadFile)
  async file(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const headOnly = req.method === 'HEAD';
    let file: FileToSend;
    try {
      file = await this.downloads.openSignedFile(query, { count: !headOnly });
    } catch (error) {
      if (!(error instanceof BrokenDownloadLink) || req.accepts(['application/json', 'text/html']) !== 'text/html') throw error;
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, await this.downloads.pageForBrokenLink(error));
      return;
    }
    sendStream(
      res,
      file.stream,
      {
        'Content-Type': file.contentType,
        'Content-Disposition': contentDisposition(file.fileName),
        'Cache-Control': 'private, no-store',
        ...(file.size !== undefined ? { 'Content-Length': String(file.size) } : {}),
      },
      headOnly,
    );
  }
}
