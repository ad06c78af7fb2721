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

/**
 * JSON lines with a request id (taken from X-Request-Id when a proxy set one), user id, route,
 * status and duration. The request line itself is written by `request-log.ts` (mounted by
 * `RequestLogModule`); `nestjs-pino` only gives the application its logger, so its per-request
 * middleware is mounted nowhere (`forRoutes: []`, docs/product/rules.md#R836).
 */
export function loggerOptions(config: AppConfig): Params {
  return {
    forRoutes: [],
    pinoHttp: {
      level: config.logLevel,
      ...privateLogOptions(HEADER_PATHS),
      serializers: {
        // The path without its query string (queries carry credentials, signed links and e-mails)
        // and with its secret segments masked (docs/product/rules.md#R783).
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: loggedPath(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
  };
}
