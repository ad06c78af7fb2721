import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { AdminInsightsController } from './admin-insights.controller';
import { AdminInsightsRepository } from './admin-insights.repository';
import { AdminInsightsService } from './admin-insights.service';
import { ExportsRepository } from './exports.repository';

/** Statistics, leads and CSV exports of the administration (docs/product/rules.md#R675–R684). */
@Module({
  imports: [AuthModule],
  controllers: [AdminInsightsController],
  providers: [AdminInsightsRepository, ExportsRepository, AdminInsightsService],
})
export class AdminInsightsModule {}
