import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { ToolsCoreModule } from '../tools/tools-core.module';
import { AdminToolsController } from './admin-tools.controller';
import { AdminToolsRepository } from './admin-tools.repository';
import { AdminToolsService } from './admin-tools.service';

@Module({
  imports: [AuthModule, ToolsCoreModule],
  controllers: [AdminToolsController],
  providers: [AdminToolsRepository, AdminToolsService],
})
export class AdminToolsModule {}
