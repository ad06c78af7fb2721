import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { QueuesDashboardController } from './queues-dashboard.controller';
import { QueuesDashboardRepository } from './queues-dashboard.repository';
import { QueuesDashboardService } from './queues-dashboard.service';

/** The link, the cookie and the admin check; separate so that Bull Board's root module can import it. */
@Module({
  imports: [AuthModule],
  controllers: [QueuesDashboardController],
  providers: [QueuesDashboardService, QueuesDashboardRepository],
  exports: [QueuesDashboardService],
})
export class QueuesDashboardAccessModule {}
