import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { UsefulnessAdminController } from './usefulness-admin.controller';
import { UsefulnessAdminRepository } from './usefulness-admin.repository';
import { UsefulnessAdminService } from './usefulness-admin.service';
import { UsefulnessController } from './usefulness.controller';
import { UsefulnessRepository } from './usefulness.repository';
import { UsefulnessService } from './usefulness.service';

/** "Cet outil vous a-t-il aidé ?" and what the admins see of it (docs/product/rules.md#R960–R969). */
@Module({
  imports: [AuthModule, RateLimitModule],
  controllers: [UsefulnessController, UsefulnessAdminController],
  providers: [UsefulnessRepository, UsefulnessService, UsefulnessAdminRepository, UsefulnessAdminService],
})
export class UsefulnessModule {}
