import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { maskEmails, privateLogOptions, SECRET_LOG_PATHS, type AppConfig } from '@outils/server-config';
import { loggedPath } from './logged-path';

/**
 * Never log credentials, passwords or tokens, whatever carrier they came in (docs/product/rules.md#R23).
 * Request bodies are never logged (the `req` serializer keeps only id, method and path); these
 * paths are the second line of defence for objects a custom log line might carry.
 */
const HEADER_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.usertoken',
  'req.headers.token',
  'req.headers["access-token"]',
  'req.headers.useremail',
  'req.headers.email',
  'res.headers["set-cookie"]',
];
export const REDACTED_PATHS = [...HEADER_PATHS, ...SECRET_LOG_PATHS];

export { maskEmails };

/** Not logged on success: probes every few seconds would drown the rest. */
const QUIET_PATHS = new Set(['/health', '/health/ready', '/metrics']);

/** JSON lines with a request id (taken from X-Request-Id when a proxy set one), user id, route, status and duration. */
export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.logLevel,
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      ...privateLogOptions(HEADER_PATHS),
      serializers: {
        // The path without its query string (queries carry credentials, signed links and e-mails)
        // and with its secret segments masked (docs/product/rules.md#R783).
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: loggedPath(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customProps: (req: IncomingMessage) => {
        const { user, route } = req as IncomingMessage & { user?: { id: string }; route?: { path?: unknown } };
        return {
          ...(user ? { userId: user.id } : {}),
          // The route pattern (`/tools/:idOrSlug`), known once the router matched; not the
          // catch-all patterns Nest mounts middleware and its 404 on (`/{*path}` in Nest 11,
          // `{/*splat}` in Nest 12), which would give a line two `route` keys.
          ...(typeof route?.path === 'string' && !route.path.includes('{/*') && !route.path.includes('/{*') ? { route: route.path } : {}),
        };
      },
      autoLogging: { ignore: (req: IncomingMessage) => QUIET_PATHS.has((req.url ?? '').split('?')[0]) },
    },
  };
}
