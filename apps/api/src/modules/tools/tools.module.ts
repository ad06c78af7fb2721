import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { DownloadsModule } from '../downloads/downloads.module';
import { PartnerReportsModule } from '../partners/reports/partner-reports.module';
import { DocumentsAccessibilityController } from './accessibility/documents-accessibility.controller';
import { DocumentsAccessibilityRepository } from './accessibility/documents-accessibility.repository';
import { DocumentsAccessibilityService } from './accessibility/documents-accessibility.service';
import { KeptReadsMiddleware } from './kept-reads.middleware';
import { ToolsController } from './tools.controller';
import { ToolsCoreModule } from './tools-core.module';

/** Public catalogue routes, all in one controller (see tools.controller.ts for their order). */
@Module({
  imports: [AuthModule, RateLimitModule, ToolsCoreModule, DownloadsModule, PartnerReportsModule],
  controllers: [ToolsController, DocumentsAccessibilityController],
  providers: [DocumentsAccessibilityRepository, DocumentsAccessibilityService, KeptReadsMiddleware],
})
export class ToolsModule implements NestModule {
  /**
   * Mounted on every path like the request line's and the metrics' middleware, and after them
   * (their modules come first in AppModule): a kept read answered here is logged and counted.
   */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(KeptReadsMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.GET });
  }
}
