import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Registry } from 'prom-client';
import { ApiRoutes } from '@outils/contracts';
import { MetricsAccessGuard } from './metrics-access.guard';
import { MetricsService } from './metrics.service';

/** Prometheus text format; for the monitoring system, not for the public API document. */
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get(ApiRoutes.metrics)
  @UseGuards(MetricsAccessGuard)
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  scrape(): Promise<string> {
    return this.metrics.scrape();
  }
}
