import { Controller, Get, Header, HttpCode, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiRoutes, type CatalogueVersionResponse, SeoMessages } from '@outils/contracts';
import { BadRequestError, NotFoundError } from '../../common/errors/domain-error';
import { parseId } from '../../common/validation/patterns';
import { CatalogueReadModel } from '../tools/read-model/catalogue-read-model';
import { SeoService } from './seo.service';

/** The longest page path accepted (a slug is at most 160 characters). */
const PATH_MAX = 512;

/**
 * What the web server (apps/web-server, in `npm start` and the web image) puts in front of clients
 * without JavaScript: the `<head>` of a page, the sitemap and robots.txt (docs/product/rules.md#R400).
 * Public, the same for everyone: cacheable.
 */
@ApiTags('seo')
@Controller()
export class SeoController {
  constructor(
    private readonly seo: SeoService,
    private readonly catalogue: CatalogueReadModel,
  ) {}

  /**
   * The catalogue's version (docs/product/rules.md#R831): the web servers ask it every second and
   * keep each rendered guest page while it stays the same. Read from memory, nothing else.
   */
  @Get(ApiRoutes.seoCatalogueVersion)
  @Header('Cache-Control', 'no-store')
  catalogueVersion(): CatalogueVersionResponse {
    return { version: this.catalogue.version };
  }

  @Get(ApiRoutes.seoHead)
  @Header('Cache-Control', 'public, max-age=60')
  async head(@Query('path') path: unknown, @Res({ passthrough: true }) res: Response): Promise<string> {
    if (typeof path !== 'string' || !path.startsWith('/') || path.length > PATH_MAX) throw new BadRequestError(SeoMessages.invalidPath);
    res.type('text/html');
    return this.seo.head(path);
  }

  /**
   * Whether the web servers answer the page with 200 or 404 (docs/product/rules.md#R800): 404 for
   * a path the app has no page for and for a sheet of no tool.
   */
  @Get(ApiRoutes.seoPageStatus)
  @Header('Cache-Control', 'public, max-age=60')
  @HttpCode(204)
  async pageStatus(@Query('path') path: unknown): Promise<void> {
    if (typeof path !== 'string' || !path.startsWith('/') || path.length > PATH_MAX) throw new BadRequestError(SeoMessages.invalidPath);
    if (!(await this.seo.pageExists(path))) throw new NotFoundError(SeoMessages.pageNotFound);
  }

  @Get(ApiRoutes.seoSitemap)
  @Header('Cache-Control', 'public, max-age=300')
  async sitemap(@Query('page') page: unknown, @Res({ passthrough: true }) res: Response): Promise<string> {
    const n = page === undefined ? null : parseId(page);
    if (page !== undefined && n === null) throw new BadRequestError(SeoMessages.invalidSitemapPage);
    const doc = await this.seo.sitemap(n);
    if (!doc) throw new NotFoundError(SeoMessages.sitemapPageNotFound);
    res.type('application/xml');
    return doc.xml;
  }

  @Get(ApiRoutes.seoRobots)
  @Header('Cache-Control', 'public, max-age=3600')
  robots(@Res({ passthrough: true }) res: Response): string {
    res.type('text/plain');
    return this.seo.robots();
  }
}
