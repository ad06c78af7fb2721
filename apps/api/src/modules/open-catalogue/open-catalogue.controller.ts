import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiRoutes, OpenCatalogueMessages } from '@outils/contracts';
import { BadRequestError } from '../../common/errors/domain-error';
import { sendJsonReply } from '../../common/http/json-reply';
import { PublicRateLimits } from '../../common/rate-limit/public-rate-limits';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { parseId } from '../../common/validation/patterns';
import { OpenCatalogueService } from './open-catalogue.service';

/** The open catalogue, DCAT-AP in JSON-LD (docs/product/rules.md#R990–R992); the web server serves it as `/catalogue.jsonld`. */
@ApiTags('données ouvertes')
@Controller()
export class OpenCatalogueController {
  constructor(private readonly catalogue: OpenCatalogueService) {}

  @Get(ApiRoutes.openCatalogue)
  @RateLimit(PublicRateLimits.openCatalogue)
  @ApiOperation({
    summary: 'Catalogue ouvert (DCAT-AP, JSON-LD)',
    description: 'Chaque outil publié, 50 par page, paginé à la manière d’Hydra (`hydra:next`). Lecture publique ouverte à toutes les origines (CORS).',
  })
  @ApiQuery({ name: 'page', required: false, type: Number })
  async page(@Query('page') page: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendJsonReply(req, res, await this.catalogue.page(pageNumber(page)), 'application/ld+json; charset=utf-8');
  }

  /** The same catalogue in Turtle (docs/product/rules.md#R1003); the web server serves it as `/catalogue.ttl`. */
  @Get(ApiRoutes.openCatalogueTurtle)
  @RateLimit(PublicRateLimits.openCatalogue)
  @ApiOperation({
    summary: 'Catalogue ouvert (DCAT-AP, Turtle)',
    description: 'Les mêmes triplets que le JSON-LD, en Turtle ; 50 outils par page, pagination Hydra vers les pages Turtle. Lecture publique ouverte à toutes les origines (CORS).',
  })
  @ApiQuery({ name: 'page', required: false, type: Number })
  async turtle(@Query('page') page: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendJsonReply(req, res, await this.catalogue.turtlePage(pageNumber(page)), 'text/turtle; charset=utf-8');
  }
}

/** `?page=` from 1; anything else is a 400 in French (docs/product/rules.md#R991). */
function pageNumber(page: unknown): number {
  const n = page === undefined ? 1 : parseId(page);
  if (n === null || n > 100_000) throw new BadRequestError(OpenCatalogueMessages.invalidPage);
  return n;
}
