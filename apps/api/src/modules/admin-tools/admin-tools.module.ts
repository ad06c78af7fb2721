import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { DownloadsModule } from '../downloads/downloads.module';
import { ToolsCoreModule } from '../tools/tools-core.module';
import { ToolVersionsController } from './versions/tool-versions.controller';
import { ToolVersionsRepository } from './versions/tool-versions.repository';
import { ToolVersionsService } from './versions/tool-versions.service';
import { AdminToolsController } from './admin-tools.controller';
import { AdminToolsRepository } from './admin-tools.repository';
import { AdminToolsService } from './admin-tools.service';

@Module({
  imports: [AuthModule, ToolsCoreModule, DownloadsModule],
  controllers: [AdminToolsController, ToolVersionsController],
  providers: [AdminToolsRepository, AdminToolsService, ToolVersionsRepository, ToolVersionsService],
})
export class AdminToolsModule {}
