import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { getQueueToken } from '@nestjs/bullmq';
import { Inject, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, Response } from 'express';
import { ApiRoutes } from '@outils/contracts';
import { Queues } from '@outils/server-jobs';
import { DomainError } from '../../common/errors/domain-error';
import { QueuesDashboardAccessModule } from './queues-dashboard-access.module';
import { QueuesDashboardMessages } from './queues-dashboard.messages';
import { QueuesDashboardService } from './queues-dashboard.service';

const BOARD_ADAPTER = Symbol('BULL_BOARD_ADAPTER');
const DASHBOARD_QUEUES = [Queues.mail, Queues.newsletter, Queues.housekeeping, Queues.files];

/**
 * Bull Board's UI is a bundle of scripts and styles from this origin plus Google Fonts; the
 * API-wide helmet policy is replaced on these pages only.
 */
const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' data: https://fonts.gstatic.com",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Guards every /admin/queues request except the link itself (its own guard and token). */
function dashboardMiddleware(access: QueuesDashboardService) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.originalUrl.split('?')[0] === ApiRoutes.adminQueuesLink) return next();
    access.authorize(req).then(
      () => {
        res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
        res.setHeader('Cache-Control', 'no-store');
        next();
      },
      (error: unknown) => {
        // Answered here: an error passed on would reach Bull Board's own error handler.
        if (error instanceof DomainError) return void res.status(error.status).json(error.body());
        next(error);
      },
    );
  };
}

/**
 * Bull Board at /admin/queues, admins only (issue 9). Wired by hand rather than through
 * `@bull-board/nestjs`: its 9.10 release requires `@nestjs/bull-shared` 12, an ES module that
 * jest cannot load on Node 20, and what it does for Express is the few lines below.
 */
@Module({
  imports: [QueuesDashboardAccessModule],
  providers: [
    {
      provide: BOARD_ADAPTER,
      inject: DASHBOARD_QUEUES.map((name) => getQueueToken(name)),
      useFactory: (...queues: Queue[]) => {
        const serverAdapter = new ExpressAdapter().setBasePath(ApiRoutes.adminQueues);
        createBullBoard({
          queues: queues.map((queue) => new BullMQAdapter(queue)),
          // @bull-board/express 9.10.1 (the latest) types itself against its own copy of
          // @bull-board/api 9.10.1; the runtime contract is the one of 9.10.2.
          serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
          options: { uiConfig: { boardTitle: QueuesDashboardMessages.pageTitle, locale: { lng: 'fr-FR' } } },
        });
        return serverAdapter;
      },
    },
  ],
})
export class QueuesDashboardModule implements NestModule {
  constructor(
    @Inject(BOARD_ADAPTER) private readonly board: ExpressAdapter,
    private readonly access: QueuesDashboardService,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(dashboardMiddleware(this.access), this.board.getRouter()).forRoutes(ApiRoutes.adminQueues);
  }
}
