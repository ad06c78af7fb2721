import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { FeedController } from './feed.controller';
import { FeedRepository } from './feed.repository';
import { FeedService } from './feed.service';
import { UpdateAlertsController } from './update-alerts.controller';
import { UpdateAlertsRepository } from './update-alerts.repository';
import { UpdateAlertsService } from './update-alerts.service';
import { VersionHistoryRepository } from './version-history.repository';
import { VersionsController } from './versions.controller';
import { VersionsService } from './versions.service';

/** Tool versions on the public side (docs/product/rules.md#R900–R929): the sheet's history, the alerts' switch and way out, the Atom feed. */
@Module({
  imports: [AuthModule, RateLimitModule],
  controllers: [VersionsController, UpdateAlertsController, FeedController],
  providers: [VersionHistoryRepository, VersionsService, UpdateAlertsRepository, UpdateAlertsService, FeedRepository, FeedService],
})
export class VersionsModule {}
