import { gzipSync } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Below this size gzip's header and the CPU cost outweigh the saving (the middleware's own default). */
export const COMPRESSION_THRESHOLD = 1024;
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
  return compression({
    level: GZIP_LEVEL,
    threshold: COMPRESSION_THRESHOLD,
    filter: (req: Request, res: Response) => !res.getHeader('Content-Disposition') && compression.filter(req, res),
  });
}

/** True when the request accepts gzip (a `gzip` token whose q is not 0). */
export function acceptsGzip(req: Request): boolean {
  const header = req.headers['accept-encoding'];
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
    zipped = gzipSync(body, { level: GZIP_LEVEL });
    gzipped.set(body, zipped);
  }
  return zipped;
}

/** The strong ETag of the gzip variant: its own validator, as its bytes differ (`"abc"` → `"abc-gzip"`). */
export function gzipEtag(etag: string): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-gzip"` : `${etag}-gzip`;
}
