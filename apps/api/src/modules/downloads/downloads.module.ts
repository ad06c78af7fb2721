import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { DownloadsController } from './downloads.controller';
import { DownloadsRepository } from './downloads.repository';
import { DownloadsService } from './downloads.service';

@Module({
  imports: [AuthModule, RateLimitModule],
  controllers: [DownloadsController],
  providers: [DownloadsRepository, DownloadsService],
})
export class DownloadsModule {}
