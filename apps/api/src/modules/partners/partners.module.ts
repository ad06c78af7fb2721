import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { ToolsCoreModule } from '../tools/tools-core.module';
import { PartnersController } from './partners.controller';
import { PartnersRepository } from './partners.repository';
import { PartnersService } from './partners.service';
import { PartnerReportsModule } from './reports/partner-reports.module';

/** Partners and their embeds (docs/product/rules.md#R993). */
@Module({ imports: [AuthModule, RateLimitModule, ToolsCoreModule, PartnerReportsModule], controllers: [PartnersController], providers: [PartnersRepository, PartnersService] })
export class PartnersModule {}
