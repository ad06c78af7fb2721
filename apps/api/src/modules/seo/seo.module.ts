import { Module } from '@nestjs/common';
import { ToolsCoreModule } from '../tools/tools-core.module';
import { SeoController } from './seo.controller';
import { SeoRepository } from './seo.repository';
import { SeoService } from './seo.service';

/** Previews for clients without JavaScript, the sitemap and robots.txt (docs/product/rules.md#R400). */
@Module({ imports: [ToolsCoreModule], controllers: [SeoController], providers: [SeoRepository, SeoService] })
export class SeoModule {}
