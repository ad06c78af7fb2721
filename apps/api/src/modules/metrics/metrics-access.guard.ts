import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { ForbiddenError } from '../../common/errors/domain-error';
import { metricsAccessAllowed } from '@outils/server-metrics';

export const METRICS_FORBIDDEN =
  'Les métriques ne sont accessibles que depuis le serveur lui-même ou avec le jeton prévu (METRICS_TOKEN).';

@Injectable()
export class MetricsAccessGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!metricsAccessAllowed(context.switchToHttp().getRequest<Request>(), this.config.metrics.token)) {
      throw new ForbiddenError(METRICS_FORBIDDEN);
    }
    return true;
  }
}
