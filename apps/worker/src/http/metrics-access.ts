import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Same rule as the API's `/metrics`: never through a proxy (forwarding headers); then with
 * METRICS_TOKEN, `Authorization: Bearer <token>` only; without, loopback callers.
 */
export function metricsAccessAllowed(req: IncomingMessage, token: string | undefined): boolean {
  if (['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto'].some((name) => req.headers[name] !== undefined)) return false;
  if (token) {
    const header = req.headers.authorization;
    const presented = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
    return presented !== '' && timingSafeEqual(digest(presented), digest(token));
  }
  return LOOPBACK.has(req.socket.remoteAddress ?? '');
}
