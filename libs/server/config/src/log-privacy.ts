/**
 * What the server side never writes to a log, shared by the API and the worker: secret fields
 * are redacted and e-mail addresses masked, in objects and in free-text messages alike.
 */

/** Fields that hold a secret wherever they appear one level down in a logged object. */
export const SECRET_FIELDS = ['password', 'passwordConfirm', 'oldPassword', 'newPassword', 'token', 'userToken', 'storedToken', 'accessToken'];

/** Pino redact paths for secrets and for database errors, which carry the query's parameters. */
export const SECRET_LOG_PATHS = [
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
export function maskObject(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskEmails(value);
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskObject(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value; // errors, dates, streams: left to serializers
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskObject(item, depth + 1)]));
}

/** Pino options that apply the rules above (spread into `pinoHttp`). */
export function privateLogOptions(extraRedactPaths: string[] = []) {
  return {
    redact: { paths: [...extraRedactPaths, ...SECRET_LOG_PATHS], censor: '[masqué]' },
    formatters: { log: (object: Record<string, unknown>) => maskObject(object) as Record<string, unknown> },
    hooks: {
      // Free-text messages too: `logger.log(\`… ${email}\`)` never prints the full address.
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? maskEmails(arg) : arg)));
      },
    },
  };
}
