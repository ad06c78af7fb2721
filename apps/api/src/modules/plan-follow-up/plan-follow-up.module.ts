import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { DiagnosticModule } from '../diagnostic/diagnostic.module';
import { PlanFollowUpAdminController, PlanFollowUpController } from './plan-follow-up.controller';
import { PlanFollowUpRepository } from './plan-follow-up.repository';
import { PlanFollowUpService } from './plan-follow-up.service';

/** The diagnostic's plan, followed up and measured (docs/product/rules.md#R976–R984). */
@Module({
  imports: [AuthModule, RateLimitModule, DiagnosticModule],
  controllers: [PlanFollowUpController, PlanFollowUpAdminController],
  providers: [PlanFollowUpRepository, PlanFollowUpService],
})
export class PlanFollowUpModule {}
