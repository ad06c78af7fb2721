import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Same rule as the API's `/metrics`: with METRICS_TOKEN, `Authorization: Bearer <token>` only;
 * without, loopback callers that did not come through a proxy.
 */
export function metricsAccessAllowed(req: IncomingMessage, token: string | undefined): boolean {
  if (token) {
    const header = req.headers.authorization;
    const presented = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
    return presented !== '' && timingSafeEqual(digest(presented), digest(token));
  }
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  return LOOPBACK.has(req.socket.remoteAddress ?? '');
}
