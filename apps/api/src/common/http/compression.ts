import { gzipSync } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import { ApiRoutes } from '@outils/contracts';
import { keptCopy } from './kept-bytes';

/** Below this size gzip's header and the CPU cost outweigh the saving (the middleware's own default). */
export const COMPRESSION_THRESHOLD = 1024;
/** True when a body of `bytes` is worth a gzip copy. */
export const compressible = (bytes: number) => bytes >= COMPRESSION_THRESHOLD;
/** What the web server uses too: a good ratio for a modest CPU cost. */
const GZIP_LEVEL = 6;

/**
 * docs/product/rules.md#R430: every text answer of the API is compressed when the client asks for
 * it. Files and ZIPs (anything sent as an attachment) pass untouched: they are streamed with their
 * own length, most are compressed already, and a ZIP must stay abortable byte for byte
 * (docs/product/rules.md#R522). Answers that arrive already encoded (the precomputed catalogue
 * replies, see `gzipVariant`) are left as they are by the middleware.
 */
export function compressTextResponses(): RequestHandler {
  const compress = compression({
    level: GZIP_LEVEL,
    threshold: COMPRESSION_THRESHOLD,
    filter: (req: Request, res: Response) => !res.getHeader('Content-Disposition') && compression.filter(req, res),
  });
  // The middleware wraps `writeHead`, `write` and `end` of every response it sees; the public
  // reads encode their kept bytes themselves (`sendJsonReply`), so it is not mounted on them.
  return (req, res, next) => (answersEncodedItself(req) ? next() : compress(req, res, next));
}

/** The catalogue's fixed paths under `/tools/` that are not a tool sheet. */
const NOT_A_SHEET = new Set<string>([ApiRoutes.toolDownload, ApiRoutes.toolFile]);
const SELF_ENCODED_PATHS = new Set<string>([ApiRoutes.tools, ApiRoutes.filters, ApiRoutes.toolsFeatured, ApiRoutes.toolSuggestions]);

/**
 * A GET of a public read written by `sendJsonReply` (the listing, its filters and suggestions, the
 * tool of the month, a sheet): its bytes and their gzip copy are kept with the answer
 * (docs/product/rules.md#R431). Its errors are French messages far under the 1 KB threshold.
 */
export function answersEncodedItself(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.path;
  return SELF_ENCODED_PATHS.has(path) || isToolSheetPath(path);
}

/** `/tools/<id or slug>`: one segment, not one of the fixed paths (images and previews have two). */
export function isToolSheetPath(path: string): boolean {
  return path.startsWith('/tools/') && path.indexOf('/', 7) === -1 && !NOT_A_SHEET.has(path);
}

/** True when the request's `Accept-Encoding` accepts gzip (a `gzip` token whose q is not 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * The gzip bytes of a precomputed reply, computed once per body: the catalogue's read model keeps
 * the same Buffer for as long as its answer is current, so a WeakMap keyed by that Buffer compresses
 * each answer once and forgets it with the answer (docs/product/rules.md#R431).
 */
const gzipped = new WeakMap<Buffer, Buffer>();
export function gzipVariant(body: Buffer): Buffer {
  let zipped = gzipped.get(body);
  if (!zipped) {
    // zlib's output is a slice of a 16 KB block: kept alone, the copy holds its own bytes only (#R895).
    zipped = keptCopy(gzipSync(body, { level: GZIP_LEVEL }));
    gzipped.set(body, zipped);
  }
  return zipped;
}

/** The strong ETag of the gzip variant: its own validator, as its bytes differ (`"abc"` → `"abc-gzip"`). */
export function gzipEtag(etag: string): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-gzip"` : `${etag}-gzip`;
}
