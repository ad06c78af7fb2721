import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { ToolsCoreModule } from '../tools/tools-core.module';
import { DiagnosticAdminController } from './diagnostic-admin.controller';
import { DiagnosticAdminRepository } from './diagnostic-admin.repository';
import { DiagnosticAdminService } from './diagnostic-admin.service';
import { DiagnosticController } from './diagnostic.controller';
import { DiagnosticRepository } from './diagnostic.repository';
import { DiagnosticService } from './diagnostic.service';
import { RecommendationsRepository } from './recommendations.repository';
import { RecommendationsService } from './recommendations.service';
import { ToolCards } from './tool-cards';

/** The self-diagnostic, 'Pour vous' and the related tools (docs/product/rules.md#R550). */
@Module({
  imports: [AuthModule, RateLimitModule, ToolsCoreModule],
  controllers: [DiagnosticController, DiagnosticAdminController],
  providers: [DiagnosticAdminRepository, DiagnosticAdminService, DiagnosticRepository, DiagnosticService, RecommendationsRepository, RecommendationsService, ToolCards],
  // The followed plan starts from a saved result's plan and shows its steps as cards (docs/product/rules.md#R976).
  exports: [DiagnosticRepository, DiagnosticService, ToolCards],
})
export class DiagnosticModule {}
