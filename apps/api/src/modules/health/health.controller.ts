import { Controller, Get, HttpStatus, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, HealthIndicatorFunction, HealthIndicatorResult, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ApiRoutes } from '@outils/contracts';
import { DomainError } from '../../common/errors/domain-error';
import { ReadinessIndicators } from './readiness.health';
import { RedisHealthIndicator } from './redis.health';

type PublicStatuses = Record<string, { status: string }>;

/** Each check's up/down only: reasons (connection errors, pending migration names) are for the logs. */
function statusesOnly(results: Partial<HealthIndicatorResult> | undefined): PublicStatuses {
  return Object.fromEntries(Object.entries(results ?? {}).map(([key, value]) => [key, { status: String(value?.status) }]));
}

function publicResult(result: HealthCheckResult) {
  return { status: result.status, info: statusesOnly(result.info), details: statusesOnly(result.details) };
}

/** A failed check answers 503 with the statuses only, as a passing one does with 200. */
class HealthCheckFailed extends DomainError {
  readonly status = HttpStatus.SERVICE_UNAVAILABLE;
  constructor(private readonly result: ReturnType<typeof publicResult>) {
    super('Health check failed');
  }
  body() {
    return this.result;
  }
}

@ApiTags('santé')
@Controller()
export class HealthController {
  private readonly logger = new Logger('Health');

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
    return this.run('liveness', [
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
    return this.run('readiness', [
      () => this.database.pingCheck('database', { timeout: 1500 }),
      () => this.redis.isHealthy('redis'),
      () => this.readiness.storageWritable('storage'),
      () => this.readiness.migrations('migrations'),
    ]);
  }

  /**
   * Runs the checks (none of them writes anything) and answers the public with statuses only;
   * a failure's reasons are logged for the operators.
   */
  private async run(label: string, checks: HealthIndicatorFunction[]) {
    try {
      return publicResult(await this.health.check(checks));
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const result = error.getResponse() as HealthCheckResult;
      this.logger.warn({ check: label, failed: result.error }, `Health ${label} check failed`);
      throw new HealthCheckFailed(publicResult(result));
    }
  }
}
