import { Module } from '@nestjs/common';
import { WorkerMetricsModule } from '../metrics/worker-metrics.module';
import { WorkerHealthRepository } from './worker-health.repository';
import { WorkerHealthService } from './worker-health.service';
import { WorkerHttpServer } from './worker-http.server';

/** `/metrics`, `/health` and `/health/ready` of the worker; `main.ts` calls `listen()`. */
@Module({
  imports: [WorkerMetricsModule],
  providers: [WorkerHealthRepository, WorkerHealthService, WorkerHttpServer],
  exports: [WorkerHttpServer, WorkerHealthService],
})
export class WorkerHttpModule {}
