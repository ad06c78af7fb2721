import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What the signed link and the dashboard cookie carry: the admin's session, so that a logout,
 * a password change or a demotion closes the dashboard too (each request re-checks it).
 */
export interface DashboardGrant {
  kind: 'link' | 'cookie';
  /** Session id (auth_session.id) and user id of the admin who asked for the link. */
  sid: string;
  uid: string;
  /** Expiry, milliseconds since the epoch. */
  exp: number;
  /** Links are single use: the nonce is burnt in Redis when the link is opened. */
  nonce?: string;
}

export const LINK_TTL_MS = 10 * 60_000;
export const COOKIE_TTL_MS = 8 * 3_600_000;

/**
 * A key of its own, derived from the download-URL secret: every replica shares it (same
 * variable), and a signature made for one purpose is never valid for the other.
 */
export function dashboardKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('outils:queues-dashboard:v1').digest();
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

export function signGrant(grant: DashboardGrant, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(grant), 'utf8').toString('base64url');
  return `${body}.${mac(body, key)}`;
}

/** The grant when the signature is right, the kind is the expected one and it has not expired. */
export function verifyGrant(value: string | undefined, key: Buffer, kind: DashboardGrant['kind'], now = Date.now()): DashboardGrant | null {
  if (typeof value !== 'string' || value.length > 1000) return null;
  const [body, signature, ...rest] = value.split('.');
  if (!body || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(body, key), 'base64url');
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let grant: DashboardGrant;
  try {
    grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as DashboardGrant;
  } catch {
    return null;
  }
  if (grant?.kind !== kind || typeof grant.sid !== 'string' || typeof grant.uid !== 'string' || typeof grant.exp !== 'number') return null;
  return grant.exp > now ? grant : null;
}

function mac(body: string, key: Buffer): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}
