import { Module } from '@nestjs/common';
import { DownloadsRepository } from './downloads.repository';
import { DownloadsService } from './downloads.service';

/** Signed download links and counted downloads; its two routes are served by the tools controller. */
@Module({
  providers: [DownloadsRepository, DownloadsService],
  exports: [DownloadsService],
})
export class DownloadsModule {}
