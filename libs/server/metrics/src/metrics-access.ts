import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read `/metrics` ("reachable only from the inside", docs/product/rules.md#R175), the
 * API's and the worker's alike. Never a request that came through
 * a reverse proxy (it carries forwarding headers): Prometheus scrapes each replica directly, so
 * the gateway cannot serve them, token or not. Then, with a token configured, only
 * `Authorization: Bearer <token>`; without one, only callers on the loopback interface. The TCP
 * peer is used, never `req.ip`, which `trust proxy` takes from a header.
 */
export function metricsAccessAllowed(req: IncomingMessage, token: string | undefined): boolean {
  if (cameThroughProxy(req)) return false;
  if (token) {
    const header = req.headers.authorization;
    const presented = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    return presented !== '' && sameSecret(presented, token);
  }
  return LOOPBACK.has(req.socket.remoteAddress ?? '');
}

function cameThroughProxy(req: IncomingMessage): boolean {
  return ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto'].some((name) => req.headers[name] !== undefined);
}

/** Constant-time comparison of two secrets of any length. */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
