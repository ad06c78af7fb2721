import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PartnerApiRoutes, PartnerMessages, type EmbedResponse, type MessageBody, type Partner, type PartnerReportResponse, type PartnersResponse } from '@outils/contracts';
import { Authenticated } from '../../common/auth/auth.decorators';
import { ErrorShape } from '../../common/errors/error-shape';
import { PublicRateLimits } from '../../common/rate-limit/public-rate-limits';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { EmbedQueryDto } from './dto/embed-query.dto';
import { PartnerDto, PartnerIdDto, UpdatePartnerDto } from './dto/partner.dto';
import { PartnersService } from './partners.service';
import { factsOf } from './reports/partner-counting';
import { PartnerReportsService } from './reports/partner-reports.service';

/** Partners: the admin's CRUD, and the public read of each partner's embed (docs/product/rules.md#R993–R996). */
@ApiTags('partenaires')
@Controller()
export class PartnersController {
  constructor(private readonly partners: PartnersService, private readonly reports: PartnerReportsService) {}

  @Get(PartnerApiRoutes.adminList)
  @Authenticated({ admin: true })
  async list(): Promise<PartnersResponse> {
    return { partners: await this.partners.list() };
  }

  @Post(PartnerApiRoutes.adminCreate)
  @HttpCode(201)
  @Authenticated({ admin: true })
  create(@Body() body: PartnerDto): Promise<Partner> {
    return this.partners.create(body);
  }

  @Post(PartnerApiRoutes.adminUpdate)
  @HttpCode(200)
  @Authenticated({ admin: true })
  update(@Body() body: UpdatePartnerDto): Promise<Partner> {
    return this.partners.update(body.id, body);
  }

  @Post(PartnerApiRoutes.adminDelete)
  @HttpCode(204)
  @Authenticated({ admin: true })
  async delete(@Body() body: PartnerIdDto): Promise<void> {
    await this.partners.delete(body.id);
  }

  /** A partner's figures per month (docs/product/rules.md#R1000). */
  @Get(PartnerApiRoutes.adminReport)
  @Authenticated({ admin: true })
  @ErrorShape('single-message')
  report(@Param('id') id: string): Promise<PartnerReportResponse> {
    return this.reports.report(id);
  }

  /** The one-click unsubscribe of the monthly report (`List-Unsubscribe-Post`, docs/product/rules.md#R1002). */
  @Post(PartnerApiRoutes.reportsUnsubscribe)
  @HttpCode(200)
  @RateLimit(PublicRateLimits.partnerReportsUnsubscribe)
  @ErrorShape('single-message')
  async unsubscribe(@Query('partenaire') partner: unknown, @Query('jeton') token: unknown): Promise<MessageBody> {
    await this.reports.unsubscribe(partner, token);
    return { message: PartnerMessages.unsubscribed };
  }

  /**
   * The page's `Origin` (set by the browser, not by the page) must be one of the partner's sites.
   * A read that shows the embed is a view credited to the partner (docs/product/rules.md#R997).
   */
  @Get(PartnerApiRoutes.embed)
  @RateLimit(PublicRateLimits.partnerEmbed)
  @ErrorShape('single-message')
  @ApiOperation({ summary: 'Sélection d’outils d’un partenaire (lecture publique, ouverte à toutes les origines)' })
  async embed(
    @Param('id') id: string, @Headers('origin') origin: string | undefined, @Query() query: EmbedQueryDto, @Req() req: Request,
  ): Promise<EmbedResponse> {
    const shown = await this.partners.embed(id, origin, query);
    await this.reports.credit(id.toLowerCase(), { kind: 'view' }, factsOf(req));
    return shown;
  }
}
