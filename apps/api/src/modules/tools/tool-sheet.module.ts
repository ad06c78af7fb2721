import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { ToolSheetController } from './tool-sheet.controller';
import { ToolsCoreModule } from './tools-core.module';

@Module({
  imports: [AuthModule, ToolsCoreModule],
  controllers: [ToolSheetController],
})
export class ToolSheetModule {}
