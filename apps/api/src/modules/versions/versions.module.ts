import { Module } from '@nestjs/common';
import { VersionHistoryRepository } from './version-history.repository';
import { VersionsController } from './versions.controller';
import { VersionsService } from './versions.service';

/** Tool versions on the public side (docs/product/rules.md#R900–R929): the sheet's history. */
@Module({
  controllers: [VersionsController],
  providers: [VersionHistoryRepository, VersionsService],
})
export class VersionsModule {}
