import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MulterError } from 'multer';
import { QueryFailedError } from 'typeorm';
import { CommonMessages } from '@outils/contracts';
import { StorageUnavailableError } from '@outils/server-storage';
import { DomainError, TooManyRequestsError } from './domain-error';
import { errorShapeOf, shapeErrorBody } from './error-shape';
import { loggedPath } from '../http/logged-path';

const FRENCH_BY_STATUS: Partial<Record<number, string>> = {
  400: CommonMessages.badRequest,
  401: CommonMessages.unauthorized,
  403: CommonMessages.forbidden,
  404: CommonMessages.routeNotFound,
  405: CommonMessages.badRequest,
  413: CommonMessages.payloadTooLarge,
  415: CommonMessages.malformedBody,
  429: CommonMessages.tooManyRequests,
  503: CommonMessages.serviceUnavailable,
};

/** PostgreSQL away or restarting, or no pooled connection within the timeout: a 503, not a bug. */
function isDatabaseUnavailable(exception: unknown): boolean {
  const error = exception as { code?: string; message?: string; driverError?: { code?: string } } | null;
  const code = error?.code ?? error?.driverError?.code;
  if (code && (/^(08|57P0)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code))) return true;
  return /timeout exceeded when trying to connect|Connection terminated|connection.*(closed|ended)|the database system is (starting up|shutting down)/i.test(error?.message ?? '');
}

interface HttpErrorLike {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/**
 * The one place that turns every error into French JSON (docs/product/rules.md#R138, docs/product/rules.md#R144): services throw
 * DomainErrors carrying their French text and status; the route's `@ErrorShape` picks the body's
 * shape. Only a real bug becomes a 500; it is logged with the request id and never leaks a stack.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request & { id?: string }>();
    const { status, body } = this.toResponse(exception);
    if (status === HttpStatus.SERVICE_UNAVAILABLE) {
      this.logger.warn({ requestId: req.id, path: loggedPath(req.originalUrl), reason: (exception as Error)?.message }, 'Service unavailable');
    } else if (status >= 500) {
      this.logger.error({ err: exception, requestId: req.id, path: loggedPath(req.originalUrl) }, 'Unhandled error');
    }
    if (exception instanceof TooManyRequestsError && exception.retryAfterSeconds) {
      res.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    if (status === HttpStatus.SERVICE_UNAVAILABLE) res.setHeader('Retry-After', '5');
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(status).json(shapeErrorBody(errorShapeOf(req), body));
  }

  private toResponse(exception: unknown): { status: number; body: Record<string, unknown> } {
    if (exception instanceof DomainError) return { status: exception.status, body: exception.body() };

    // Our own errors are DomainErrors with French text; an HttpException comes from the framework
    // (unknown route, Bull Board) and speaks English: its status picks the French text.
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return { status, body: { message: FRENCH_BY_STATUS[status] ?? (status >= 500 ? CommonMessages.internal : CommonMessages.badRequest) } };
    }

    if (exception instanceof MulterError) {
      const tooLarge = exception.code === 'LIMIT_FILE_SIZE' || exception.code === 'LIMIT_FIELD_VALUE';
      return tooLarge
        ? { status: HttpStatus.PAYLOAD_TOO_LARGE, body: { message: CommonMessages.payloadTooLarge } }
        : { status: HttpStatus.BAD_REQUEST, body: { message: CommonMessages.badRequest } };
    }

    if (exception instanceof QueryFailedError) {
      const code = (exception as QueryFailedError & { code?: string }).code;
      // 22P02 invalid text (e.g. a malformed uuid), 22003 out of range, 23503 unknown reference.
      // 22021: a NUL byte or invalid UTF-8 in a text field.
      if (['22P02', '22003', '22001', '22021', '23503', '23514'].includes(code ?? '')) {
        return { status: HttpStatus.BAD_REQUEST, body: { message: CommonMessages.badRequest } };
      }
      if (code === '23505') return { status: HttpStatus.CONFLICT, body: { message: CommonMessages.invalidValue('identifiant') } };
    }

    // The object store timed out, refused or failed on its side (docs/product/rules.md#R850).
    if (isDatabaseUnavailable(exception) || exception instanceof StorageUnavailableError) {
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { message: CommonMessages.serviceUnavailable } };
    }

    // body-parser and raw-body errors (malformed JSON, too large, bad charset) carry a status.
    const httpLike = exception as HttpErrorLike | null;
    const status = httpLike?.status ?? httpLike?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message =
        httpLike?.type === 'entity.too.large' ? CommonMessages.payloadTooLarge
        : httpLike?.type === 'entity.parse.failed' || httpLike?.type?.startsWith('encoding') || httpLike?.type?.startsWith('charset') ? CommonMessages.malformedBody
        : FRENCH_BY_STATUS[status] ?? CommonMessages.badRequest;
      return { status, body: { message } };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: CommonMessages.internal } };
  }
}
