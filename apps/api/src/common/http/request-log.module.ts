import { Injectable, MiddlewareConsumer, Module, NestMiddleware, NestModule, RequestMethod } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { requestLog } from './request-log';

/** The request line's middleware, on the application's one pino logger (the root of `LoggerModule`). */
@Injectable()
export class RequestLogMiddleware implements NestMiddleware {
  private readonly handle: ReturnType<typeof requestLog>;
  /** The application's root logger, which writes every request line. */
  readonly logger: Logger;

  constructor(logger: PinoLogger) {
    // Outside a request, `PinoLogger.logger` is the root logger itself: no child per request.
    this.logger = logger.logger;
    this.handle = requestLog(this.logger);
  }

  use(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    this.handle(req, res, next);
  }
}

/**
 * Mounted where `nestjs-pino`'s own middleware was (every path, before the metrics), which
 * `loggerOptions` turns off: that one built two or three child loggers per request, serialising
 * the request each time, even when the level dropped the line (docs/product/rules.md#R836).
 */
@Module({ providers: [RequestLogMiddleware], exports: [RequestLogMiddleware] })
export class RequestLogModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestLogMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
