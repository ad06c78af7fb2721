import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ApiRoutes } from '@outils/contracts';
import { MetricsService } from './metrics.service';

/**
 * The route label: the pattern Express matched (`/tools/:idOrSlug`), never the raw URL, so that
 * ids, slugs and query strings do not multiply the series. Unmatched paths share one label.
 */
export function routeLabel(req: Request): string {
  const pattern = typeof req.route?.path === 'string' ? `${req.baseUrl}${req.route.path}` : undefined;
  const path = req.originalUrl.split('?')[0];
  // Bull Board is an Express sub-application: its own patterns when it matched, one label otherwise.
  if (path === ApiRoutes.adminQueues || path.startsWith(`${ApiRoutes.adminQueues}/`)) {
    return pattern?.startsWith(ApiRoutes.adminQueues) && !pattern.includes('*') ? pattern : `${ApiRoutes.adminQueues}/*`;
  }
  // Nest answers unknown paths from a catch-all route (`/{*path}`).
  return pattern && !pattern.startsWith('/{*') ? pattern : 'unmatched';
}

/** Counts every answered request and its latency (issue 9 metrics). */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  constructor(private readonly metrics: MetricsService) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      this.metrics.observeRequest(req.method, routeLabel(req), res.statusCode, seconds);
    });
    next();
  }
}
