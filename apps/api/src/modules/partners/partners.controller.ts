import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PartnerApiRoutes, type EmbedResponse, type Partner, type PartnersResponse } from '@outils/contracts';
import { Authenticated } from '../../common/auth/auth.decorators';
import { ErrorShape } from '../../common/errors/error-shape';
import { PublicRateLimits } from '../../common/rate-limit/public-rate-limits';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { EmbedQueryDto } from './dto/embed-query.dto';
import { PartnerDto, PartnerIdDto, UpdatePartnerDto } from './dto/partner.dto';
import { PartnersService } from './partners.service';

/** Partners: the admin's CRUD, and the public read of each partner's embed (docs/product/rules.md#R993–R996). */
@ApiTags('partenaires')
@Controller()
export class PartnersController {
  constructor(private readonly partners: PartnersService) {}

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

  /** The page's `Origin` (set by the browser, not by the page) must be one of the partner's sites. */
  @Get(PartnerApiRoutes.embed)
  @RateLimit(PublicRateLimits.partnerEmbed)
  @ErrorShape('single-message')
  @ApiOperation({ summary: 'Sélection d’outils d’un partenaire (lecture publique, ouverte à toutes les origines)' })
  embed(@Param('id') id: string, @Headers('origin') origin: string | undefined, @Query() query: EmbedQueryDto): Promise<EmbedResponse> {
    return this.partners.embed(id, origin, query);
  }
}
