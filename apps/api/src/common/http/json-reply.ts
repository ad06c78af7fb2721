import type { Request, Response } from 'express';
import { CredentialCarriers } from '@outils/contracts';
import { extractCredentials } from '../auth/credentials';
import { acceptsGzip, COMPRESSION_THRESHOLD, gzipEtag, gzipVariant } from './compression';

/**
 * docs/product/rules.md#R305: a guest's public answer may be kept by a shared cache (the compose
 * gateway, a CDN) for 10 s and served stale for 30 s more while it is fetched again; a browser
 * always asks again (max-age=0) and gets 304 when its copy is current. A member's answer, or
 * any answer to a request that carried credentials, is never kept anywhere.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** A shared cache must not hand a guest's copy to a request carrying credentials. */
const VARY = [...CredentialCarriers.headerPairs.flatMap((p) => [p.email, p.token]), CredentialCarriers.tokenOnlyHeader].join(', ');

export interface BytesReply {
  body: Buffer;
  etag?: string;
  shared: boolean;
}

/**
 * True when `If-None-Match` names this ETag (or `*`); weak comparison, as RFC 9110 asks for GET.
 * The gzip variant's tag (`"abc-gzip"`) names the same version of the answer as `"abc"`.
 */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => {
    const bare = tag.trim().replace(/^W\//, '');
    return bare === etag || bare === gzipEtag(etag);
  });
}

/**
 * Writes JSON bytes with the caching headers of docs/product/rules.md#R305 (304 when the client's
 * copy is current), gzip-encoded when the client asks for it (docs/product/rules.md#R431): the
 * compressed bytes are computed once per precomputed answer and carry their own strong ETag.
 */
export function sendJsonReply(req: Request, res: Response, reply: BytesReply, contentType = 'application/json; charset=utf-8'): void {
  const shared = reply.shared && reply.etag !== undefined && !extractCredentials(req);
  const compressible = reply.body.length >= COMPRESSION_THRESHOLD;
  const gzip = compressible && acceptsGzip(req);
  res.setHeader('Cache-Control', shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  if (compressible) res.vary('Accept-Encoding');
  if (shared) {
    res.setHeader('ETag', gzip ? gzipEtag(reply.etag!) : reply.etag!);
    const vary = res.getHeader('Vary');
    res.setHeader('Vary', vary ? `${String(vary)}, ${VARY}` : VARY);
    if (notModified(req.headers['if-none-match'], reply.etag!)) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType);
  const body = gzip ? gzipVariant(reply.body) : reply.body;
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
