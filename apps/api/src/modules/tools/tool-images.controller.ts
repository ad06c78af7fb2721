import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendStream } from './send-stream';
import { ToolsService } from './tools.service';

@ApiTags('catalogue')
@Controller()
export class ToolImagesController {
  constructor(private readonly tools: ToolsService) {}

  /** Public images. An image id never changes content (a new upload gets a new id): cache for a year. */
  @Get('/tools/images/:id')
  async image(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const image = await this.tools.openImage(id);
    sendStream(
      res,
      image.stream,
      {
        'Content-Type': image.contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        ...(image.size !== undefined ? { 'Content-Length': String(image.size) } : {}),
      },
      req.method === 'HEAD',
    );
  }
}
