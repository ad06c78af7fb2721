import type { CorsOptions, CorsOptionsDelegate } from '@nestjs/common/interfaces/external/cors-options.interface';
import type { Request } from 'express';
import { ApiRoutes } from '@outils/contracts';

/**
 * The public reads any site may call from a browser (docs/product/rules.md#R992): the open
 * catalogue and the catalogue's guest reads. They answer every origin without credentials
 * (`Access-Control-Allow-Origin: *`, no credential header allowed); every other route keeps the
 * web app's origin only.
 */
const OPEN_READS: readonly RegExp[] = [
  new RegExp(`^${ApiRoutes.openCatalogue.replace('.', '\\.')}$`),
  new RegExp(`^${ApiRoutes.openCatalogueTurtle.replace('.', '\\.')}$`),
  new RegExp(`^${ApiRoutes.tools}$`),
  new RegExp(`^${ApiRoutes.filters}$`),
  new RegExp(`^${ApiRoutes.toolsFeatured}$`),
  /^\/tools\/(?!download$|file$|images\/|previews\/)[^/]+$/,
  /^\/api\/partners\/[^/]+\/embed$/,
];

export const isOpenRead = (method: string, path: string) => (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') && OPEN_READS.some((re) => re.test(path));

/** The open reads' rule: any origin, no credentials. */
const OPEN_READS_CORS = {
  origin: '*',
  methods: ['GET', 'HEAD', 'OPTIONS'],
  allowedHeaders: ['Content-Type', 'X-Request-Id'],
  exposedHeaders: ['X-Request-Id', 'Retry-After', 'ETag'],
  maxAge: 600,
} satisfies CorsOptions;

/**
 * What CORS adds to an open read's GET or HEAD (not a preflight) sent without credentials: the
 * same for every such request, whatever its origin (`*` needs no `Vary: Origin`). Written as they
 * are by the kept reads' first layer (`front-reads.ts`); `kept-reads.int-spec.ts` compares them
 * with the route's.
 */
export const OPEN_READ_CORS_HEADERS: readonly string[] = [
  'Access-Control-Allow-Origin', OPEN_READS_CORS.origin,
  'Access-Control-Expose-Headers', OPEN_READS_CORS.exposedHeaders.join(','),
];

export function openReadsCors(appOptions: CorsOptions): CorsOptionsDelegate<Request> {
  const open: CorsOptions = OPEN_READS_CORS;
  return (req, callback) => {
    const preflightMethod = req.headers['access-control-request-method'];
    const method = req.method === 'OPTIONS' && typeof preflightMethod === 'string' ? preflightMethod : req.method;
    // A request carrying credentials from another site is the web app's own: it keeps its origin rule.
    callback(null, isOpenRead(method, req.path) && !hasCredentialHeader(req) ? open : appOptions);
  };
}

const CREDENTIAL_NAMES = ['useremail', 'usertoken', 'email', 'token', 'access-token'];
/** Credentials sent, or asked for by a preflight. */
export const hasCredentialHeader = (req: Pick<Request, 'headers'>) => {
  if (CREDENTIAL_NAMES.some((name) => req.headers[name] !== undefined)) return true;
  // Only a preflight names headers: a plain read allocates nothing here.
  const preflight = req.headers['access-control-request-headers'];
  if (preflight === undefined) return false;
  const asked = String(preflight).toLowerCase().split(',').map((name) => name.trim());
  return CREDENTIAL_NAMES.some((name) => asked.includes(name));
};
