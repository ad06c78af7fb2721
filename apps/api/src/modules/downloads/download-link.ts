import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a download link proves: which tool, until when, and for which signed-in user if any. */
export interface DownloadGrant {
  toolId: number;
  /** Unix time in seconds. */
  expires: number;
  userId?: string;
}

export type LinkCheck = { ok: true; grant: DownloadGrant } | { ok: false; reason: 'invalid' | 'expired' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function signature(secret: string, grant: DownloadGrant): string {
  // Versioned, unambiguous payload: every part is digits, a uuid or empty.
  return createHmac('sha256', secret).update(`v1|${grant.toolId}|${grant.expires}|${grant.userId ?? ''}`).digest('base64url');
}

/** The query string of a signed link (`toolId`, `expires`, `u`, `signature`). */
export function signDownload(secret: string, grant: DownloadGrant): URLSearchParams {
  const params = new URLSearchParams({ toolId: String(grant.toolId), expires: String(grant.expires) });
  if (grant.userId) params.set('u', grant.userId);
  params.set('signature', signature(secret, grant));
  return params;
}

/**
 * Checks a link: the signature first (timing-safe), then the expiry, so an attacker cannot
 * learn anything from changing `expires`.
 */
export function verifyDownload(secret: string, query: Record<string, unknown>, nowSeconds: number): LinkCheck {
  const { toolId, expires, u, signature: given } = query;
  if (typeof toolId !== 'string' || !/^\d{1,10}$/.test(toolId)) return { ok: false, reason: 'invalid' };
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'invalid' };
  if (u !== undefined && (typeof u !== 'string' || !UUID.test(u))) return { ok: false, reason: 'invalid' };
  if (typeof given !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(given)) return { ok: false, reason: 'invalid' };
  const grant: DownloadGrant = { toolId: Number(toolId), expires: Number(expires), userId: u as string | undefined };
  const expected = Buffer.from(signature(secret, grant));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: 'invalid' };
  if (grant.expires < nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}
