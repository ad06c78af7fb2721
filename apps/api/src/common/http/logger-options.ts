import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '@outils/server-config';

/** Fields that hold a secret wherever they appear one level down in a logged object. */
const SECRET_FIELDS = ['password', 'passwordConfirm', 'oldPassword', 'newPassword', 'token', 'userToken', 'storedToken', 'accessToken'];

/**
 * Never log credentials, passwords or tokens, whatever carrier they came in (decisions §2).
 * Request bodies are never logged (the `req` serializer keeps only id, method and path); these
 * paths are the second line of defence for objects a custom log line might carry.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.usertoken',
  'req.headers.token',
  'req.headers["access-token"]',
  'req.headers.useremail',
  'req.headers.email',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  // TypeORM errors carry the query's parameters (e-mails, hashes) and PostgreSQL's detail
  // ("Key (email)=(…) already exists").
  'err.parameters',
  'err.detail',
  'err.driverError',
];

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** `camille.martin@example.com` → `c***@example.com`: enough to tell cases apart, not to identify. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '$1***@$2');
}

/** Masks e-mail addresses in the string values of a plain logged object (a few levels deep). */
function maskObject(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskEmails(value);
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskObject(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value; // errors, dates, streams: left to serializers
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskObject(item, depth + 1)]));
}

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
      redact: { paths: REDACTED_PATHS, censor: '[masqué]' },
      serializers: {
        // The path without its query string: queries may carry credentials or e-mails.
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url?.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      formatters: { log: (object: Record<string, unknown>) => maskObject(object) as Record<string, unknown> },
      hooks: {
        // Free-text messages too: `logger.log(\`… ${email}\`)` never prints the full address.
        logMethod(args: unknown[], method: (...a: unknown[]) => void) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? maskEmails(arg) : arg)));
        },
      },
      customProps: (req: IncomingMessage) => {
        const { user, route } = req as IncomingMessage & { user?: { id: string }; route?: { path?: unknown } };
        return {
          ...(user ? { userId: user.id } : {}),
          // The route pattern (`/tools/:idOrSlug`), known once the router matched; not the
          // catch-all patterns (`/{*path}`) Nest mounts middleware and its 404 on.
          ...(typeof route?.path === 'string' && !route.path.startsWith('/{*') ? { route: route.path } : {}),
        };
      },
      autoLogging: { ignore: (req: IncomingMessage) => QUIET_PATHS.has((req.url ?? '').split('?')[0]) },
    },
  };
}
