import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';
import { ReadinessIndicators } from './readiness.health';
import { RedisHealthIndicator } from './redis.health';

@Module({
  imports: [TerminusModule.forRoot({ logger: false, errorLogStyle: 'json' })],
  controllers: [HealthController],
  providers: [RedisHealthIndicator, HealthRepository, ReadinessIndicators],
})
export class HealthModule {}
