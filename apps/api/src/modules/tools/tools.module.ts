import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { DownloadsModule } from '../downloads/downloads.module';
import { PartnerReportsModule } from '../partners/reports/partner-reports.module';
import { DocumentsAccessibilityController } from './accessibility/documents-accessibility.controller';
import { DocumentsAccessibilityRepository } from './accessibility/documents-accessibility.repository';
import { DocumentsAccessibilityService } from './accessibility/documents-accessibility.service';
import { ToolsController } from './tools.controller';
import { ToolsCoreModule } from './tools-core.module';

/** Public catalogue routes, all in one controller (see tools.controller.ts for their order). */
@Module({
  imports: [AuthModule, RateLimitModule, ToolsCoreModule, DownloadsModule, PartnerReportsModule],
  controllers: [ToolsController, DocumentsAccessibilityController],
  providers: [DocumentsAccessibilityRepository, DocumentsAccessibilityService],
})
export class ToolsModule {}
