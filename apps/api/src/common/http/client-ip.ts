import type { Request } from 'express';

/** The caller's address as Express sees it (behind a proxy, `trust proxy` decides). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
