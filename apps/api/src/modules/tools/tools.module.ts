import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { DownloadsModule } from '../downloads/downloads.module';
import { PartnerReportsModule } from '../partners/reports/partner-reports.module';
import { DocumentsAccessibilityController } from './accessibility/documents-accessibility.controller';
import { DocumentsAccessibilityRepository } from './accessibility/documents-accessibility.repository';
import { DocumentsAccessibilityService } from './accessibility/documents-accessibility.service';
import { KeptReads } from './kept-reads';
import { ToolsController } from './tools.controller';
import { ToolsCoreModule } from './tools-core.module';

/**
 * Public catalogue routes, all in one controller (see tools.controller.ts for their order), and
 * the kept reads the HTTP server's first layer answers before them (`KeptReads`, installed by
 * `app.factory.ts`).
 */
@Module({
  imports: [AuthModule, RateLimitModule, ToolsCoreModule, DownloadsModule, PartnerReportsModule],
  controllers: [ToolsController, DocumentsAccessibilityController],
  providers: [DocumentsAccessibilityRepository, DocumentsAccessibilityService, KeptReads],
  exports: [KeptReads],
})
export class ToolsModule {}
