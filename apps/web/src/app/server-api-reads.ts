import { keptOpenGets } from '@outils/server-http-client';
import type { ServerGet } from '../lib/api';

/**
 * How the web server's renders read the API (docs/product/rules.md#R830, #R846): the web server's
 * HTTP client (libs/server/http-client), a plain `node:http` GET over connections kept open between
 * renders, the answer uncompressed and read as text. A render asks one to five reads. A read not
 * done in time fails with an error named `TimeoutError`, which lib/api.ts answers as RTK Query's
 * TIMEOUT_ERROR. Only loaded by the renderer (src/entry-server.tsx), never by the browser's bundle.
 */

/** Sockets per API origin at most: the web server's renders at once (32) with each its few reads. */
const SOCKETS_PER_ORIGIN = 64;

const reads = keptOpenGets({ maxSocketsPerOrigin: SOCKETS_PER_ORIGIN });

export const serverGet: ServerGet = (url, headers, timeoutMs) => reads.get(url, { headers, timeoutMs });

/** Closes the kept-open connections (tests: before their stand-in API goes away). */
export function closeServerReads(): void {
  reads.close();
}
