import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { ToolsCoreModule } from '../tools/tools-core.module';
import { FoldersController } from './folders.controller';
import { FoldersRepository } from './folders.repository';
import { FoldersService } from './folders.service';

/** Download folders, their sharing, the kits and the folder ZIP (docs/product/rules.md#R500). */
@Module({
  imports: [AuthModule, RateLimitModule, ToolsCoreModule],
  controllers: [FoldersController],
  providers: [FoldersRepository, FoldersService],
})
export class FoldersModule {}
