import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, Response } from 'express';
import { CredentialCarriers } from '@outils/contracts';
import { extractCredentials } from '../auth/credentials';
import { acceptsGzip, compressible, gzipEtag, gzipVariant } from './compression';

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
const VARY_ENCODED = `Accept-Encoding, ${VARY}`;
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A body's strong ETag: a digest of its bytes, so equal bytes give equal tags on every instance. */
export const strongEtag = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

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

/** What a JSON answer writes: its status, its own headers (name, value, name, value…) and its body. */
export interface JsonHead {
  status: 200 | 304;
  headers: string[];
  body: Buffer | undefined;
}

/**
 * The status, caching headers of docs/product/rules.md#R305 (304 when the client's copy is current)
 * and bytes of a JSON answer, gzip-encoded when the client asks for it (docs/product/rules.md#R431):
 * the compressed bytes are computed once per precomputed answer and carry their own strong ETag.
 * `credentialsCarried`: the request named a caller, so nothing of it may be shared. Written by
 * `sendJsonReply` on the route and by the kept reads' first layer (`front-reads.ts`) alike.
 */
export function jsonHead(
  headers: IncomingHttpHeaders,
  method: string | undefined,
  reply: BytesReply,
  credentialsCarried: boolean,
  contentType = JSON_CONTENT_TYPE,
): JsonHead {
  const shared = reply.shared && reply.etag !== undefined && !credentialsCarried;
  const worthGzip = compressible(reply.body.length);
  const gzip = worthGzip && acceptsGzip(headers['accept-encoding']);
  const out = ['Cache-Control', shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL];
  if (shared) {
    out.push('ETag', gzip ? gzipEtag(reply.etag!) : reply.etag!, 'Vary', worthGzip ? VARY_ENCODED : VARY);
    if (notModified(headers['if-none-match'], reply.etag!)) return { status: 304, headers: out, body: undefined };
  } else if (worthGzip) {
    out.push('Vary', 'Accept-Encoding');
  }
  const body = gzip ? gzipVariant(reply.body) : reply.body;
  out.push('Content-Type', contentType);
  if (gzip) out.push('Content-Encoding', 'gzip');
  out.push('Content-Length', String(body.length));
  return { status: 200, headers: out, body: method === 'HEAD' ? undefined : body };
}

/** Writes a JSON answer on the route (after the headers other layers set: a `Vary` is added to theirs). */
export function sendJsonReply(req: Request, res: Response, reply: BytesReply, contentType = JSON_CONTENT_TYPE): void {
  const head = jsonHead(req.headers, req.method, reply, extractCredentials(req) !== null, contentType);
  for (let i = 0; i < head.headers.length; i += 2) {
    const [name, value] = [head.headers[i], head.headers[i + 1]];
    if (name === 'Vary') {
      const before = res.getHeader('Vary');
      res.setHeader('Vary', before ? `${String(before)}, ${value}` : value);
    } else {
      res.setHeader(name, value);
    }
  }
  res.statusCode = head.status;
  res.end(head.body);
}
