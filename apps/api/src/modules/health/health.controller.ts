import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ApiRoutes } from '@outils/contracts';
import { ReadinessIndicators } from './readiness.health';
import { RedisHealthIndicator } from './redis.health';

@ApiTags('santé')
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly readiness: ReadinessIndicators,
  ) {}

  /** Liveness: PostgreSQL and Redis; 503 when one of them is down. */
  @Get(ApiRoutes.health)
  @HealthCheck()
  check() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 1500 }),
      () => this.redis.isHealthy('redis'),
    ]);
  }

  /**
   * Readiness, for a load balancer deciding whether to send traffic to this replica:
   * PostgreSQL, Redis, storage writable and every migration applied; 503 otherwise.
   */
  @Get(ApiRoutes.healthReady)
  @HealthCheck()
  ready() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 1500 }),
      () => this.redis.isHealthy('redis'),
      () => this.readiness.storageWritable('storage'),
      () => this.readiness.migrations('migrations'),
    ]);
  }
}
