import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { hasBody } from './body-parsers';
import { BytesReply, jsonHead } from './json-reply';
import { logWhenAnswered, requestIdOf } from './request-log';

/** An answer the first layer writes itself. */
export interface FrontAnswer {
  reply: BytesReply;
  /** The route's pattern (`/tools/:idOrSlug`): the request line's `route`, the metrics' label. */
  route: string;
  /** The member it is for (logged as `userId`, as after the route's session guard); none for a guest. */
  user?: Express.User & { id: string };
}

export interface FrontReadsOptions {
  /** The answer of a GET or HEAD without a body, or undefined: the request goes on through every layer. */
  answer(req: Request): FrontAnswer | Promise<FrontAnswer | undefined> | undefined;
  /**
   * The headers the layers it passes over would have set on such an answer, computed once: the
   * security headers (`headersSetBy(helmet)`) and CORS's for an open read without credentials.
   */
  leadingHeaders: readonly string[];
  /** The request figures, under the route's label (`MetricsService.observeRequest`). */
  observe(method: string, route: string, status: number, seconds: number): void;
  /** The application's one logger: the request line (docs/product/rules.md#R836). */
  logger: Logger;
}

/**
 * The first layer of the HTTP server (docs/product/rules.md#R862): the catalogue's kept reads are
 * written here, before the security headers', CORS's, the parsers' and the framework's layers
 * run, with what those layers would have added to them precomputed once (`leadingHeaders`), the
 * request id, the request line and the metrics under the route's label, and the status line and
 * every header given to `writeHead` at once. Anything `answer` leaves goes on untouched: this
 * layer sets nothing on a request it does not answer.
 */
export function frontReads(options: FrontReadsOptions): RequestHandler {
  const { answer, leadingHeaders, observe, logger } = options;

  const write = (req: Request, res: Response, found: FrontAnswer, start: bigint): void => {
    const id = requestIdOf(req);
    const noted = req as Request & { id?: string; route?: unknown };
    noted.id = id;
    noted.route = { path: found.route };
    if (found.user) req.user = found.user;
    if (logger.isLevelEnabled('info')) logWhenAnswered(logger, req, res);
    const head = jsonHead(req.headers, req.method, found.reply, found.user !== undefined);
    res.writeHead(head.status, [...leadingHeaders, 'X-Request-Id', id, ...head.headers]);
    res.end(head.body);
    observe(req.method, found.route, head.status, Number(process.hrtime.bigint() - start) / 1e9);
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || hasBody(req)) return next();
    const start = process.hrtime.bigint();
    const found = answer(req);
    if (found === undefined) return next();
    if (!(found instanceof Promise)) return write(req, res, found, start);
    // Nothing is written before the answer is there: without one, every layer runs as before.
    found.then((ready) => (ready ? write(req, res, ready, start) : next()), () => next()).catch(next);
  };
}

/**
 * The headers a middleware sets on every answer whatever the request (helmet's security headers):
 * run once on a stand-in response that records them, as name, value, name, value…
 */
export function headersSetBy(middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): string[] {
  const recorded: string[] = [];
  const res = {
    setHeader: (name: string, value: unknown) => recorded.push(name, String(value)),
    getHeader: () => undefined,
    removeHeader: () => undefined,
  };
  let passed = false;
  middleware({ method: 'GET', url: '/', headers: {} } as IncomingMessage, res as unknown as ServerResponse, (error) => {
    passed = error === undefined;
  });
  if (!passed) throw new Error('The security headers could not be computed once for the kept reads.');
  return recorded;
}
