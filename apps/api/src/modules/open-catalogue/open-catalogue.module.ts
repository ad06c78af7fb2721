import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { ToolsCoreModule } from '../tools/tools-core.module';
import { OpenCatalogueController } from './open-catalogue.controller';
import { OpenCatalogueService } from './open-catalogue.service';

/** The open catalogue for harvesters (docs/product/rules.md#R990). */
@Module({ imports: [RateLimitModule, ToolsCoreModule], controllers: [OpenCatalogueController], providers: [OpenCatalogueService] })
export class OpenCatalogueModule {}
