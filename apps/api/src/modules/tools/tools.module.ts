import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { DownloadsModule } from '../downloads/downloads.module';
import { ToolImagesController } from './tool-images.controller';
import { ToolSheetModule } from './tool-sheet.module';
import { ToolsController } from './tools.controller';
import { ToolsCoreModule } from './tools-core.module';

/**
 * Public catalogue routes. Nest registers routes module by module in import order (depth
 * first), so importing DownloadsModule BEFORE ToolSheetModule puts `/tools/download` and
 * `/tools/file` ahead of the catch-all `/tools/:idOrSlug`. Keep this order.
 */
@Module({
  imports: [AuthModule, ToolsCoreModule, DownloadsModule, ToolSheetModule],
  controllers: [ToolsController, ToolImagesController],
})
export class ToolsModule {}
