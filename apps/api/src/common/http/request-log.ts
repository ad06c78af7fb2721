import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/** Not logged on success: probes every few seconds would drown the rest. */
export const QUIET_PATHS = new Set(['/health', '/health/ready', '/metrics']);

const INCOMING_ID = /^[\w-]{1,64}$/;

type LoggedRequest = IncomingMessage & { id?: string; user?: { id: string }; route?: { path?: unknown }; originalUrl?: string };

/** The request's id: the proxy's `X-Request-Id` when it is one of ours to trust in shape, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/** The request's id (`requestIdOf`), echoed back. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdOf(req);
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * What a request line adds besides `req`, `res` and `responseTime`: the caller's id once a guard
 * knew it, and the route pattern (`/tools/:idOrSlug`), known once the router matched; not the
 * catch-all patterns Nest mounts middleware and its 404 on (`{/*splat}`, `/{*path}`), which would
 * give a line two `route` keys.
 */
export function requestProps(req: IncomingMessage): Record<string, string> {
  const { user, route } = req as LoggedRequest;
  const props: Record<string, string> = {};
  if (user) props.userId = user.id;
  if (typeof route?.path === 'string' && !route.path.includes('{/*') && !route.path.includes('/{*')) props.route = route.path;
  return props;
}

/**
 * One JSON line per request, written once the answer is finished (or the client gone), with the
 * application's one logger (docs/product/rules.md#R836): `req` (id, method, path — its serializer
 * masks the path, docs/product/rules.md#R783), `userId`, `route`, `res` (status), `responseTime`.
 * No child logger and no work beyond the request id when the level would drop the line: the
 * line and its fields are those the API always wrote (`request completed`, and `request errored`
 * with `err` from 500 on).
 */
export function requestLog(logger: Logger): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const logged = req as LoggedRequest;
    logged.id ??= requestId(req, res);
    if (logger.isLevelEnabled('info') && !QUIET_PATHS.has((req.url ?? '').split('?')[0])) logWhenAnswered(logger, req, res);
    next();
  };
}

/**
 * Writes the request line of `requestLog` once the answer is finished or the client gone; the
 * caller checked that the level keeps it. Also used by the kept reads' first layer (`front-reads.ts`).
 */
export function logWhenAnswered(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  const start = Date.now();
  let done = false;
  const finished = (error?: Error) => {
    if (done) return;
    done = true;
    res.off('close', finished);
    res.off('finish', finished);
    res.off('error', finished);
    const responseTime = Date.now() - start;
    const props = requestProps(req);
    const failure = error ?? (res.statusCode >= 500 ? new Error(`failed with status code ${res.statusCode}`) : undefined);
    if (failure) logger.info({ req, ...props, res, err: failure, responseTime }, 'request errored');
    else logger.info({ req, ...props, res, responseTime }, 'request completed');
  };
  res.on('close', finished);
  res.on('finish', finished);
  res.on('error', finished);
}
