import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ID_DIGITS, UUID_EXACT } from '../../common/validation/patterns';

/** What a download link proves: which tool, until when, and for which signed-in user if any. */
export interface DownloadGrant {
  toolId: number;
  /** Unix time in seconds. */
  expires: number;
  userId?: string;
  /**
   * Random, so that two links handed out in the same second are two links (each counts one
   * download, docs/product/rules.md#R103). Links made before it existed have none (signature v1).
   */
  nonce?: string;
}

export type LinkCheck = { ok: true; grant: DownloadGrant } | { ok: false; reason: 'invalid' | 'expired' };

const NONCE = /^[A-Za-z0-9_-]{16}$/;

function signature(secret: string, grant: DownloadGrant): string {
  // Versioned, unambiguous payload: every part is digits, a uuid, a base64url nonce or empty.
  const payload = grant.nonce === undefined
    ? `v1|${grant.toolId}|${grant.expires}|${grant.userId ?? ''}`
    : `v2|${grant.toolId}|${grant.expires}|${grant.userId ?? ''}|${grant.nonce}`;
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** A fresh nonce for a new link. */
export function newNonce(): string {
  return randomBytes(12).toString('base64url');
}

/** The query string of a signed link (`toolId`, `expires`, `u`, `n`, `signature`). */
export function signDownload(secret: string, grant: DownloadGrant): URLSearchParams {
  const params = new URLSearchParams({ toolId: String(grant.toolId), expires: String(grant.expires) });
  if (grant.userId) params.set('u', grant.userId);
  if (grant.nonce !== undefined) params.set('n', grant.nonce);
  params.set('signature', signature(secret, grant));
  return params;
}

/**
 * Checks a link: the signature first (timing-safe), then the expiry, so an attacker cannot
 * learn anything from changing `expires`. Not a DTO on purpose: a malformed part is a broken
 * link like a forged one (403, or the tool's sheet in a browser, docs/product/rules.md#R204), never a 400.
 */
export function verifyDownload(secret: string, query: Record<string, unknown>, nowSeconds: number): LinkCheck {
  const { toolId, expires, u, n, signature: given } = query;
  if (typeof toolId !== 'string' || !ID_DIGITS.test(toolId)) return { ok: false, reason: 'invalid' };
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'invalid' };
  if (u !== undefined && (typeof u !== 'string' || !UUID_EXACT.test(u))) return { ok: false, reason: 'invalid' };
  if (n !== undefined && (typeof n !== 'string' || !NONCE.test(n))) return { ok: false, reason: 'invalid' };
  if (typeof given !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(given)) return { ok: false, reason: 'invalid' };
  const grant: DownloadGrant = { toolId: Number(toolId), expires: Number(expires), userId: u as string | undefined, nonce: n as string | undefined };
  const expected = Buffer.from(signature(secret, grant));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: 'invalid' };
  if (grant.expires < nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}

/**
 * Identifies a verified link for "one download per link" (docs/product/rules.md#R103): a hash of its
 * signature, so that the database never holds a working link.
 */
export function linkId(query: Record<string, unknown>): string {
  return createHash('sha256').update(String(query.signature)).digest('hex');
}
