import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '@outils/server-config';

/** Never log credentials, passwords or tokens, whatever carrier they came in (decisions §2). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.usertoken',
  'req.headers.token',
  'req.headers["access-token"]',
  'req.headers.useremail',
  'req.headers.email',
];

/** JSON lines with a request id (taken from X-Request-Id when a proxy set one). */
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
      redact: { paths: REDACTED_PATHS, censor: '[masqué]' },
      serializers: {
        // The path without its query string: queries may carry credentials or e-mails.
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url?.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customProps: (req: IncomingMessage) => {
        const user = (req as IncomingMessage & { user?: { id: string } }).user;
        return user ? { userId: user.id } : {};
      },
      autoLogging: { ignore: (req: IncomingMessage) => req.url === '/health' || req.url === '/metrics' },
    },
  };
}
