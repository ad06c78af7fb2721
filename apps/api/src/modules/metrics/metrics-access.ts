import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read `/metrics` (issue 9: "reachable only from the inside"). With a token configured,
 * only `Authorization: Bearer <token>`. Without one, only callers on the loopback interface that
 * did not come through a reverse proxy: a proxy on the same host would otherwise make the
 * metrics public, so a request carrying forwarding headers is refused. The TCP peer is used,
 * never `req.ip`, which `trust proxy` takes from a header.
 */
export function metricsAccessAllowed(req: IncomingMessage, token: string | undefined): boolean {
  if (token) {
    const header = req.headers.authorization;
    const presented = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    return presented !== '' && sameSecret(presented, token);
  }
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  return LOOPBACK.has(req.socket.remoteAddress ?? '');
}

/** Constant-time comparison of two secrets of any length. */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
